import { notificationPaths } from '../api/notifications';
import type { WriteKind } from './write-kinds';

/** The outbox payload of a delete (product §4: notification deletes go through the outbox). */
export interface NotificationDeletePayload {
  id: string;
}

export const notificationWriteKinds = {
  'notification-delete': {
    method: 'DELETE',
    path: (payload) => notificationPaths.one((payload as NotificationDeletePayload).id),
    body: () => undefined,
  },
} satisfies Record<string, WriteKind>;
