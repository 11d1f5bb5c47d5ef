import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { User } from '../../../contract';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import { changesStatus } from '../../domain/case-update';
import type { CaseFeedRow, CaseLayoutRow, CaseRow, OutboxRow } from '../../db/schema';
import { refreshCase } from '../../sync/cases';
import { caseWrites } from '../../sync/case-update';
import type { RefreshOutcome } from '../../sync/outcome';

export type Refresh = RefreshOutcome | 'loading' | null;

/** What the header needs: the case and its queued writes (a queued close shows in it). */
export interface CaseHead {
  user: User | null;
  row: CaseRow | null;
  /** This case's queued writes (sent ones included). */
  writes: OutboxRow[];
}

/** The rest of the screen: the feed, its thumbnails and the layout of Additional Details. */
export interface CaseBody {
  feed: CaseFeedRow | null;
  layout: CaseLayoutRow | null;
  /** Thumbnails kept on the device, by file id. */
  thumbnails: Map<string, Blob>;
}

/**
 * One case from the device (so it opens offline), refreshed from the gateway whenever the
 * app is online. Read in two parts so the header shows before the long part: `head` (the
 * signed-in user, the case and its queued writes) is undefined while its read runs; `body`
 * (the feed with its thumbnails, the layout) is undefined until the case is there and its own
 * read has answered. Both reads start at once: a long case's feed and 60 thumbnails take
 * longer to read and to render than everything above it, and waiting for the header to render
 * before asking for them made the feed later by that render.
 */
export function useCaseDetail(caseId: string) {
  const online = useOnline();
  const [refresh, setRefresh] = useState<Refresh>(null);

  const head = useLiveQuery(async (): Promise<CaseHead> => {
    const user = (await db.profile.get('me'))?.user ?? null;
    if (!user) return { user, row: null, writes: [] };
    const [row, writes] = await Promise.all([
      db.cases.get([user.id, caseId]),
      caseWrites(user.id, caseId),
    ]);
    return { user, row: row ?? null, writes };
  }, [caseId]);

  const body = useLiveQuery(async (): Promise<CaseBody | undefined> => {
    const userId = (await db.profile.get('me'))?.user.id;
    if (!userId) return undefined;
    const [row, feed, images] = await Promise.all([
      db.cases.get([userId, caseId]),
      db.caseFeeds.get([userId, caseId]),
      db.caseImages.where('[ownerUserId+caseId]').equals([userId, caseId]).toArray(),
    ]);
    if (!row) return undefined;
    const layout = await db.caseLayouts.get([userId, row.detail.recordTypeId]);
    return {
      feed: feed ?? null,
      layout: layout ?? null,
      thumbnails: new Map(images.map((i) => [i.id, i.blob])),
    };
  }, [caseId]);

  const userId = head?.user?.id;
  // A read the gateway answered before a queued write of this case reached it would put the
  // case back as it was (a reopened case shown Resolved again): each sent update reads it again.
  const lastSent =
    head?.writes.reduce(
      (at, w) => (w.status === 'done' && changesStatus(w) ? Math.max(at, w.updatedAt) : at),
      0,
    ) ?? 0;
  // The refresh waits until what the device keeps is painted: the feed when the case is kept,
  // else the (empty) header read.
  const keptShown = useKeptShownFirst(head?.row ? body : head);

  useEffect(() => {
    if (!userId || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh('loading');
    refreshCase(userId, caseId, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh(outcome),
      () => undefined, // aborted: the route changed
    );
    return () => controller.abort();
  }, [userId, caseId, online, keptShown, lastSent]);

  return { head, body, refresh, online };
}
