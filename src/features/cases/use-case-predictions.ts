import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { PredictionRow } from '../../db/schema';
import { refreshCasePredictions } from '../../sync/predictions';

/**
 * The predictions linked to a case, from the device (so they show offline), newest first;
 * refreshed from the gateway when online, once the kept ones are on screen.
 */
export function useCasePredictions(userId: string, caseId: string): PredictionRow[] | undefined {
  const online = useOnline();
  const rows = useLiveQuery(
    async () =>
      (
        await db.predictions
          .where('[ownerUserId+prediction.caseId]')
          .equals([userId, caseId])
          .toArray()
      ).sort((a, b) => b.prediction.createdAt.localeCompare(a.prediction.createdAt)),
    [userId, caseId],
  );
  const keptShown = useKeptShownFirst(rows);
  useEffect(() => {
    if (!online || !keptShown) return;
    const controller = new AbortController();
    // A failure leaves the kept predictions showing; the next visit asks again.
    refreshCasePredictions(userId, caseId, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [userId, caseId, online, keptShown]);
  return rows;
}
