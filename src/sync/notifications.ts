import {
  fetchDealerContacts,
  fetchNotifications,
  markNotificationRead,
} from '../api/notifications';
import { db, ownerRange, type TorqueDb } from '../db/db';
import { queueNotificationDelete } from './notification-delete';
import { notificationRow } from './notification-store';
import { outcomeOf, type RefreshOutcome } from './outcome';
import { requestReplay } from './request-replay';
import type { NotificationDeletePayload } from './notification-write-kinds';

/** Ids the user deleted whose delete has not reached the gateway yet. */
async function pendingDeletes(database: TorqueDb, ownerUserId: string): Promise<Set<string>> {
  const rows = await database.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(ownerUserId))
    .filter((r) => r.kind === 'notification-delete' && r.status !== 'done')
    .toArray();
  return new Set(rows.map((r) => (r.payload as NotificationDeletePayload).id));
}

/**
 * Fetches the user's messages and makes the stored list match, except messages deleted on
 * the device whose delete is still queued (they stay gone).
 */
export async function refreshNotifications(
  ownerUserId: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<RefreshOutcome> {
  try {
    const list = await fetchNotifications(signal);
    await database.transaction('rw', database.notifications, database.outbox, async () => {
      const deleted = await pendingDeletes(database, ownerUserId);
      const stored = await database.notifications
        .where('[ownerUserId+receivedAt]')
        .between(...ownerRange(ownerUserId))
        .toArray();
      // A message the user may still bring back with Undo stays exactly as it is.
      for (const row of stored) if (row.deletingAt) deleted.add(row.id);
      const keep = list.filter((n) => !deleted.has(n.id));
      const ids = new Set(keep.map((n) => n.id));
      await database.notifications.bulkDelete(
        stored.filter((r) => !ids.has(r.id) && !r.deletingAt).map((r) => r.id),
      );
      await database.notifications.bulkPut(keep.map((n) => notificationRow(ownerUserId, n)));
    });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Delete with Undo, first step: the message is hidden while the user may still undo it. */
export async function startDeleteNotification(id: string): Promise<void> {
  await db.notifications.update(id, { deletingAt: Date.now() });
}

/** Undo: the message is back exactly as it was. */
export async function undoDeleteNotification(id: string): Promise<void> {
  await db.notifications.update(id, { deletingAt: undefined });
}

/**
 * The time to undo is up: the message goes from the device and the gateway hears of it
 * through the outbox, sent at once when there is a connection.
 */
export async function deleteNotification(ownerUserId: string, id: string): Promise<void> {
  await queueNotificationDelete(ownerUserId, id);
  void requestReplay();
}

/** Opening a message marks it read; the gateway hears of it when there is a connection. */
export async function markMessageRead(id: string): Promise<void> {
  await db.notifications.update(id, { read: true });
  await markNotificationRead(id).catch(() => undefined);
}

/** '' stands for the user's own dealer. */
export async function refreshDealerContacts(
  ownerUserId: string,
  dealerId: string,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  try {
    const contacts = await fetchDealerContacts(dealerId || undefined, signal);
    await db.dealerContacts.put({ ownerUserId, dealerId, contacts, syncedAt: Date.now() });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}
