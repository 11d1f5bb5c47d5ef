import type { FastifyInstance } from 'fastify';
import * as notifications from '../../contract/endpoints/notifications';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { answeredWithoutWrite } from '../http/idempotent-writes';
import { route } from '../http/route';
import { idempotentWrite } from '../services/idempotency';
import { countRecipients, listBroadcasts, recordBroadcast } from '../services/broadcasts';
import { listNotifications, markNotification } from '../services/notifications';

const NOT_FOUND = 'The message was not found';

/** contract/endpoints/notifications.ts; the pushes go through the shared fan-out. */
export async function notificationRoutes(app: FastifyInstance, { db, pushes }: AppContext) {
  route(app, notifications.listNotifications, async (request) => ({
    notifications: await listNotifications(db, request.user!.contactId),
  }));

  route(app, notifications.markNotificationRead, async (request) => {
    const { id } = request.params;
    if (!(await markNotification(db, request.user!.contactId, id, 'read'))) {
      throw new HttpError(404, NOT_FOUND);
    }
    return { id, ok: true } as const;
  });

  route(app, notifications.deleteNotification, async (request, reply) => {
    const { id } = request.params;
    const contactId = request.user!.contactId;
    return idempotentWrite(db, request, reply, async (trx) => {
      if (!(await markNotification(trx, contactId, id, 'deleted'))) {
        throw new HttpError(404, NOT_FOUND);
      }
      return { status: 200, body: { id, ok: true } };
    });
  });

  route(app, notifications.sendNotification, async (request, reply) => {
    const body = request.body;
    if (!body.execute) {
      // A dry run counts recipients and stores nothing: no write to apply once.
      answeredWithoutWrite(request);
      const count = await countRecipients(db, body.conditionals);
      return { valid: true, count, success: false };
    }
    const userId = request.user!.id;
    const answer = await idempotentWrite(db, request, reply, async (trx) => {
      const { id, count } = await recordBroadcast(trx, userId, body, (t, ids) =>
        pushes.enqueue(t, ids),
      );
      return { status: 200, body: { valid: true, count, success: true, broadcastId: id } };
    });
    pushes.kick();
    return answer;
  });

  route(app, notifications.listBroadcasts, async () => ({
    notifications: await listBroadcasts(db),
  }));
}
