import type { Notification } from '../../contract/notifications';
import { ownerRange, type TorqueDb } from '../db/db';
import type { NotificationRow } from '../db/schema';

/*
 * The Messages table's writes that the service worker shares with the page (no DOM, no
 * fetch): a push is stored where Messages reads, so it is there offline.
 */

/** A message from the gateway or a push, as the Messages table keeps it. */
export function notificationRow(ownerUserId: string, n: Notification): NotificationRow {
  return {
    id: n.id,
    ownerUserId,
    type: n.type,
    title: n.title,
    body: n.body,
    receivedAt: Date.parse(n.createdAt),
    delivered: n.delivered,
    read: n.read,
    knowledgeCategory: n.knowledgeCategory,
    searchTerm: n.searchTerm,
    modelNumber: n.modelNumber,
    serialNumber: n.serialNumber,
    recordId: n.recordId,
  };
}

/** A message that arrived by push: stored at once, as delivered. */
export async function storePushedMessage(
  database: TorqueDb,
  ownerUserId: string,
  n: Notification,
): Promise<void> {
  await database.notifications.put(notificationRow(ownerUserId, { ...n, delivered: true }));
}

/** Unread messages of a user: the app badge's number. */
export function unreadCount(database: TorqueDb, ownerUserId: string): Promise<number> {
  return database.notifications
    .where('[ownerUserId+receivedAt]')
    .between(...ownerRange(ownerUserId))
    .filter((r) => !r.read)
    .count();
}

/** What the service worker tells open pages: a message arrived, or a notification was clicked. */
export type PushClientMessage =
  { type: 'push-message'; message: unknown } | { type: 'open-path'; path: string };
