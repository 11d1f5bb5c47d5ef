import { db } from '../db/db';

/**
 * Deletes a message from the device. Screens call it through sync/, so routing it through the
 * outbox (product §4) changes no screen.
 */
export async function deleteNotification(id: string): Promise<void> {
  await db.notifications.delete(id);
}
