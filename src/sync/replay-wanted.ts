import { db } from '../db/db';
import { DONE_KEPT_MS } from './outbox-keep';

/**
 * A removal (`deletingAt`, `discardingAt`: when the user removed it, who may still undo it)
 * that an earlier page left unfinished: one made by this page is still in its undo time,
 * timed by this page.
 */
export const leftByEarlierPage = (removedAt: number | undefined) =>
  removedAt !== undefined && removedAt < performance.timeOrigin;

/**
 * True when the page's replayer has something to do: a write not yet sent, a sent one old
 * enough to forget, or a removal an earlier page left to finish. Read by the shell before it
 * loads the replay code, so a start with nothing queued does not download it.
 */
export async function replayWanted(now = Date.now()): Promise<boolean> {
  const [unsent, old, message, draft] = await Promise.all([
    db.outbox.where('status').notEqual('done').first(),
    db.outbox
      .where('status')
      .equals('done')
      .filter((r) => r.updatedAt < now - DONE_KEPT_MS)
      .first(),
    db.notifications.filter((r) => leftByEarlierPage(r.deletingAt)).first(),
    db.caseDrafts.filter((r) => leftByEarlierPage(r.discardingAt)).first(),
  ]);
  return Boolean(unsent ?? old ?? message ?? draft);
}
