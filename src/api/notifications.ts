import { getDealerContacts } from '../../contract/endpoints/dealer-contacts';
import * as notifications from '../../contract/endpoints/notifications';
import * as push from '../../contract/endpoints/push';
import type {
  Broadcast,
  DealerContacts,
  DeviceRegistration,
  Notification,
  SendRequest,
  SendResponse,
} from '../../contract/notifications';
import { callApi, sendApi } from './endpoint-client';

export type { Broadcast, DealerContacts, Notification, SendRequest, SendResponse };

/** The caller's messages, newest first (product §7 FetchNotifications). */
export async function fetchNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return (await callApi(notifications.listNotifications, { signal })).notifications;
}

export async function markNotificationRead(id: string): Promise<void> {
  await sendApi(notifications.markNotificationRead, { params: { id } });
}

/** Administrators: a dry run unless `execute`. */
export async function sendNotification(
  body: SendRequest,
  idempotencyKey?: string,
): Promise<SendResponse> {
  return callApi(notifications.sendNotification, { body, idempotencyKey });
}

export async function fetchBroadcasts(signal?: AbortSignal): Promise<Broadcast[]> {
  return (await callApi(notifications.listBroadcasts, { signal })).notifications;
}

export async function fetchVapidKey(): Promise<string> {
  return (await callApi(push.getVapidKey, {})).publicKey;
}

/** product §7 RegisterDevice. */
export async function registerDevice(registration: DeviceRegistration): Promise<void> {
  await sendApi(push.registerDevice, { body: registration });
}

export async function unregisterDevice(endpoint: string): Promise<void> {
  await sendApi(push.unregisterDevice, { query: { endpoint } });
}

/** product §7 DealerContacts: the user's own dealer, or the one an internal user picked. */
export async function fetchDealerContacts(
  dealerId?: string,
  signal?: AbortSignal,
): Promise<DealerContacts> {
  return callApi(getDealerContacts, { query: { dealerId }, signal });
}
