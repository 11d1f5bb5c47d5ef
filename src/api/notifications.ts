import {
  broadcastListSchema,
  dealerContactsSchema,
  notificationListSchema,
  sendResponseSchema,
  vapidKeySchema,
  type Broadcast,
  type DealerContacts,
  type DeviceRegistration,
  type Notification,
  type SendRequest,
  type SendResponse,
} from '../../contract/notifications';
import { apiRequest, apiSend } from './client';

export type { Broadcast, DealerContacts, Notification, SendRequest, SendResponse };

export const notificationPaths = {
  list: '/api/v1/notifications',
  one: (id: string) => `/api/v1/notifications/${encodeURIComponent(id)}`,
  read: (id: string) => `/api/v1/notifications/${encodeURIComponent(id)}/read`,
  send: '/api/v1/notifications/send',
  broadcasts: '/api/v1/notifications/broadcasts',
  vapidKey: '/api/v1/push/vapid-key',
  devices: '/api/v1/push/devices',
  dealerContacts: '/api/v1/dealer-contacts',
};

/** GET /api/v1/notifications: the caller's messages, newest first (product §7 FetchNotifications). */
export async function fetchNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return (await apiRequest(notificationPaths.list, { schema: notificationListSchema, signal }))
    .notifications;
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiSend(notificationPaths.read(id), { method: 'POST' });
}

/** POST /api/v1/notifications/send (administrators): a dry run unless `execute`. */
export async function sendNotification(
  body: SendRequest,
  idempotencyKey?: string,
): Promise<SendResponse> {
  return apiRequest(notificationPaths.send, {
    schema: sendResponseSchema,
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export async function fetchBroadcasts(signal?: AbortSignal): Promise<Broadcast[]> {
  return (await apiRequest(notificationPaths.broadcasts, { schema: broadcastListSchema, signal }))
    .notifications;
}

export async function fetchVapidKey(): Promise<string> {
  return (await apiRequest(notificationPaths.vapidKey, { schema: vapidKeySchema })).publicKey;
}

/** product §7 RegisterDevice. */
export async function registerDevice(registration: DeviceRegistration): Promise<void> {
  await apiSend(notificationPaths.devices, { method: 'POST', body: registration });
}

export async function unregisterDevice(endpoint: string): Promise<void> {
  await apiSend(notificationPaths.devices, { method: 'DELETE', query: { endpoint } });
}

/** product §7 DealerContacts: the user's own dealer, or the one an internal user picked. */
export async function fetchDealerContacts(
  dealerId?: string,
  signal?: AbortSignal,
): Promise<DealerContacts> {
  return apiRequest(notificationPaths.dealerContacts, {
    schema: dealerContactsSchema,
    query: { dealerId },
    signal,
  });
}
