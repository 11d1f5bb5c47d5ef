import { db } from '../db/db';

/**
 * Deletes a message from the device. The notifications issue routes this through the outbox
 * (DeleteNotification on the gateway); screens already call it through sync/.
 */
export async function deleteNotification(id: string): Promise<void> {
  await db.notifications.delete(id);
}
