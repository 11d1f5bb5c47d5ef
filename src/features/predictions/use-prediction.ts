import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import type { PredictionRow } from '../../db/schema';
import type { RefreshOutcome } from '../../sync/outcome';
import { readPrediction, refreshPrediction } from '../../sync/predictions';

/**
 * One prediction from the device (so it opens offline), refreshed from the gateway when online
 * once the kept copy is on screen. `row` is undefined while the read runs, null when the device
 * does not hold it.
 */
export function usePrediction(userId: string | undefined, id: string) {
  const online = useOnline();
  const [refresh, setRefresh] = useState<RefreshOutcome | 'loading' | null>(null);
  const row = useLiveQuery(
    async (): Promise<PredictionRow | null | undefined> =>
      userId && id ? ((await readPrediction(userId, id)) ?? null) : undefined,
    [userId, id],
  );
  const keptShown = useKeptShownFirst(row);
  const shownId = row?.id ?? id;
  useEffect(() => {
    if (!userId || !shownId || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh('loading');
    refreshPrediction(userId, shownId, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh(outcome),
      () => undefined, // aborted: the screen left
    );
    return () => controller.abort();
  }, [userId, shownId, online, keptShown]);
  return { row, refresh, online };
}
