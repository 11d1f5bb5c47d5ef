import { db } from '../db/db';
import { finishDraftDiscard } from './draft-discard';
import { queueNotificationDelete } from './notification-delete';
import { finishDiscard } from './outbox';
import { leftByEarlierPage } from './replay-wanted';

/**
 * Deletions the user could still undo when the page went away (closed, reloaded) are carried
 * out on the next start: the page's own timers for them are gone. Those this page made run
 * on this page's timers (the replay code may load after one, once there is work). True when a
 * message's delete was queued, for the gateway to hear of.
 */
export async function finishLeftRemovals(): Promise<boolean> {
  const messages = await db.notifications.filter((r) => leftByEarlierPage(r.deletingAt)).toArray();
  for (const m of messages) await queueNotificationDelete(m.ownerUserId, m.id);
  const entries = await db.outbox.filter((r) => leftByEarlierPage(r.discardingAt)).toArray();
  for (const e of entries) await finishDiscard(e.id, e.ownerUserId);
  const drafts = await db.caseDrafts.filter((r) => leftByEarlierPage(r.discardingAt)).toArray();
  for (const d of drafts) await finishDraftDiscard(d.ownerUserId, d.id);
  return messages.length > 0;
}
