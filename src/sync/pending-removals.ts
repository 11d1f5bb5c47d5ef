import { db } from '../db/db';
import { finishDraftDiscard } from './draft-discard';
import { deleteNotification } from './notifications';
import { finishDiscard } from './outbox';

/**
 * Deletions the user could still undo when the page went away (closed, reloaded) are carried
 * out on the next start: the page's own timers for them are gone.
 */
export async function finishLeftRemovals(): Promise<void> {
  const messages = await db.notifications.filter((r) => Boolean(r.deletingAt)).toArray();
  for (const m of messages) await deleteNotification(m.ownerUserId, m.id);
  const entries = await db.outbox.filter((r) => Boolean(r.discardingAt)).toArray();
  for (const e of entries) await finishDiscard(e.id, e.ownerUserId);
  const drafts = await db.caseDrafts.filter((r) => Boolean(r.discardingAt)).toArray();
  for (const d of drafts) await finishDraftDiscard(d.ownerUserId, d.id);
}
