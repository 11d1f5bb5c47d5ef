import type { FastifyInstance } from 'fastify';
import * as notifications from '../../contract/endpoints/notifications';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { idempotentWrite } from '../services/idempotency';
import { countRecipients, listBroadcasts, recordBroadcast } from '../services/broadcasts';
import { listNotifications, markNotification } from '../services/notifications';
import { DEFAULT_PUSH_OPTIONS, loadVapidKeys, PushWorker } from '../services/push';

const NOT_FOUND = 'The message was not found';

/**
 * contract/endpoints/notifications.ts.
 * The fan-out worker lives with the routes: it starts when the app is ready and finishes its
 * batch before the database closes.
 */
export async function notificationRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const worker = new PushWorker(
    db,
    config,
    {
      ...DEFAULT_PUSH_OPTIONS,
      retryDelaySeconds: config.pushRetryDelaySeconds,
      batch: config.pushBatch,
      leaseSeconds: config.pushClaimLeaseSeconds,
    },
    (error) => app.log.error({ err: error }, 'push fan-out'),
  );
  app.addHook('onReady', async () => {
    // Keys exist before the first subscription asks for them.
    await loadVapidKeys(db, config);
    await worker.start();
  });
  app.addHook('preClose', async () => worker.stop());

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
      const count = await countRecipients(db, body.conditionals);
      return { valid: true, count, success: false };
    }
    const userId = request.user!.id;
    const answer = await idempotentWrite(db, request, reply, async (trx) => {
      const { id, count } = await recordBroadcast(trx, userId, body, (t, ids) =>
        worker.enqueue(t, ids),
      );
      return { status: 200, body: { valid: true, count, success: true, broadcastId: id } };
    });
    worker.kick();
    return answer;
  });

  route(app, notifications.listBroadcasts, async () => ({
    notifications: await listBroadcasts(db),
  }));
}
