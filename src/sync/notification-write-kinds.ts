import { deleteNotification } from '../../contract/endpoints/notifications';
import { declaredWrite } from './declared-write';

/** The outbox payload of a delete (product §4: notification deletes go through the outbox). */
export interface NotificationDeletePayload {
  id: string;
}

export const notificationWriteKinds = {
  'notification-delete': declaredWrite(deleteNotification, {
    params: (payload: NotificationDeletePayload) => ({ id: payload.id }),
    body: () => undefined,
  }),
};
