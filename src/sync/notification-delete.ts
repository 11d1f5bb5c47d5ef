import { db } from '../db/db';
import { enqueue } from './outbox';
import type { NotificationDeletePayload } from './notification-write-kinds';

/**
 * Delete with Undo, last step: the message goes from the device, the gateway told through the
 * outbox (product §4), so it works offline and is sent once when back online. A message the
 * user got back stays. Sending is the caller's: the replayer itself calls this for deletions
 * an earlier page left, and replays next.
 */
export async function queueNotificationDelete(ownerUserId: string, id: string): Promise<void> {
  await db.transaction('rw', db.notifications, db.outbox, async () => {
    const row = await db.notifications.get(id);
    if (!row?.deletingAt || row.ownerUserId !== ownerUserId) return;
    await db.notifications.delete(id);
    const payload: NotificationDeletePayload = { id };
    await enqueue({
      kind: 'notification-delete',
      payload,
      summary: 'Delete a message',
      ownerUserId,
    });
  });
}
