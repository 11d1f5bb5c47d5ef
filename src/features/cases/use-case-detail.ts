import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { CaseFeedRow, CaseLayoutRow, CaseRow, OutboxRow } from '../../db/schema';
import { refreshCase } from '../../sync/cases';
import { caseWrites } from '../../sync/case-update';
import type { RefreshOutcome } from '../../sync/outcome';

export type Refresh = RefreshOutcome | 'loading' | null;

export interface CaseData {
  row: CaseRow | null;
  feed: CaseFeedRow | null;
  layout: CaseLayoutRow | null;
  /** Thumbnails kept on the device, by file id. */
  thumbnails: Map<string, Blob>;
  /** This case's queued writes (sent ones included). */
  writes: OutboxRow[];
}

/**
 * One case from the device (so it opens offline), refreshed from the gateway whenever the
 * app is online. `data` is undefined while the first read runs.
 */
export function useCaseDetail(userId: string | undefined, caseId: string) {
  const online = useOnline();
  const [refresh, setRefresh] = useState<Refresh>(null);

  const data = useLiveQuery(async (): Promise<CaseData | null> => {
    if (!userId) return null;
    const [row, feed, images, writes] = await Promise.all([
      db.cases.get([userId, caseId]),
      db.caseFeeds.get([userId, caseId]),
      db.caseImages.where('[ownerUserId+caseId]').equals([userId, caseId]).toArray(),
      caseWrites(userId, caseId),
    ]);
    const layout = row ? await db.caseLayouts.get([userId, row.detail.recordTypeId]) : undefined;
    return {
      row: row ?? null,
      feed: feed ?? null,
      layout: layout ?? null,
      thumbnails: new Map(images.map((i) => [i.id, i.blob])),
      writes,
    };
  }, [userId, caseId]);

  useEffect(() => {
    if (!userId || !online) return;
    const controller = new AbortController();
    setRefresh('loading');
    refreshCase(userId, caseId, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh(outcome),
      () => undefined, // aborted: the route changed
    );
    return () => controller.abort();
  }, [userId, caseId, online]);

  return { data, refresh, online };
}
