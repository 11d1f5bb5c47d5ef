import { z } from 'zod/mini';
import { endpoint } from '../endpoint';
import {
  broadcastListSchema,
  notificationListSchema,
  notificationParamsSchema,
  sendRequestSchema,
  sendResponseSchema,
} from '../notifications';

/*
 * product §2 Messages and Notification dashboard, §7 "Dealers, notifications, configuration":
 * the caller's own messages, and the broadcasts administrators send.
 */

const doneSchema = z.object({ id: z.string(), ok: z.literal(true) });

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/v1/notifications',
  summary: "The caller's messages, newest first (FetchNotifications)",
  access: 'user',
  scope: 'caller',
  responses: { 200: notificationListSchema },
});

export const markNotificationRead = endpoint({
  method: 'POST',
  path: '/api/v1/notifications/:id/read',
  summary: 'Marks one of the caller’s messages read',
  access: 'user',
  scope: 'caller',
  params: notificationParamsSchema,
  responses: { 200: doneSchema },
});

/** product §4 Offline-first: notification deletes travel through the outbox. */
export const deleteNotification = endpoint({
  method: 'DELETE',
  path: '/api/v1/notifications/:id',
  summary: 'Deletes one of the caller’s messages',
  access: 'user',
  scope: 'caller',
  params: notificationParamsSchema,
  responses: { 200: doneSchema },
  idempotent: true,
});

/** docs/product.md §2 Notification dashboard: administrators only. */
export const sendNotification = endpoint({
  method: 'POST',
  path: '/api/v1/notifications/send',
  summary: 'Counts the recipients of a broadcast, or sends it when `execute` is true',
  access: 'admin',
  scope: 'public',
  body: sendRequestSchema,
  responses: { 200: sendResponseSchema },
  idempotent: true,
});

export const listBroadcasts = endpoint({
  method: 'GET',
  path: '/api/v1/notifications/broadcasts',
  summary: 'The broadcasts sent, newest first (administrators)',
  access: 'admin',
  scope: 'public',
  responses: { 200: broadcastListSchema },
});
