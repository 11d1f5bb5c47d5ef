import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { PredictionSummary } from '../../../contract/predictions';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { db, ownerRange } from '../../db/db';
import type { RefreshOutcome } from '../../sync/outcome';
import { summaryOf } from '../../sync/prediction-store';
import { refreshPredictionHistory } from '../../sync/predictions';

export interface HistoryItem extends PredictionSummary {
  /** Made on this device and not sent yet. */
  pending: boolean;
}

export interface History {
  items: HistoryItem[];
  /** When the list was last fetched; null when it never was on this device. */
  syncedAt: number | null;
}

/**
 * Prediction History from the device, with the predictions made here that wait to be sent, newest
 * first; refreshed from the gateway when online, once the kept list is on screen.
 */
export function usePredictionHistory(userId: string | undefined) {
  const online = useOnline();
  const [refresh, setRefresh] = useState<RefreshOutcome | 'loading' | null>(null);
  const history = useLiveQuery(async (): Promise<History | null> => {
    if (!userId) return null;
    const [list, pending] = await Promise.all([
      db.predictionLists.get([userId, 'mine']),
      db.predictions
        .where('[ownerUserId+id]')
        .between(...ownerRange(userId))
        .filter((r) => r.pending)
        .toArray(),
    ]);
    const listed = new Set(list?.predictions.map((p) => p.id));
    const items: HistoryItem[] = [
      ...pending
        .filter((r) => !listed.has(r.id))
        // Under its row id: the outbox entry's while it waits.
        .map((r) => ({ ...summaryOf(r.prediction), id: r.id, pending: true })),
      ...(list?.predictions ?? []).map((p) => ({ ...p, pending: false })),
    ].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    return { items, syncedAt: list?.syncedAt ?? null };
  }, [userId]);

  const keptShown = useKeptShownFirst(userId ? history : undefined);
  useEffect(() => {
    if (!userId || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh('loading');
    refreshPredictionHistory(userId, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh(outcome),
      () => undefined, // aborted: the screen left
    );
    return () => controller.abort();
  }, [userId, online, keptShown]);

  return { history, refresh, online };
}
