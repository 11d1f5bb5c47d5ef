import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  broadcastListSchema,
  dealerContactsQuerySchema,
  dealerContactsSchema,
  deviceQuerySchema,
  deviceRegistrationSchema,
  deviceSchema,
  notificationListSchema,
  notificationParamsSchema,
  sendRequestSchema,
  sendResponseSchema,
  vapidKeySchema,
} from '../../contract/notifications';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { organisationOf } from '../http/access';
import { dealerContacts } from '../services/dealer-contacts';
import { idempotentWrite } from '../services/idempotency';
import {
  countRecipients,
  listBroadcasts,
  listNotifications,
  markNotification,
  recordBroadcast,
  registerDevice,
  unregisterDevice,
} from '../services/notifications';
import { DEFAULT_PUSH_OPTIONS, loadVapidKeys, PushWorker } from '../services/push';
import { refusedEndpoint } from '../services/push-endpoint';
import { hashToken } from '../services/sessions';
import { sessionTokenOf } from '../auth/session-cookie';

const NOT_FOUND = 'The message was not found';
/** The PWA answers it by subscribing afresh (new keys), which moves the browser to its user. */
export const DEVICE_TAKEN_MESSAGE =
  'This browser receives pushes for another account; sign that account out here, or subscribe again';
const okSchema = z.object({ id: z.string(), ok: z.literal(true) });

/**
 * product §2 Messages and Notification dashboard, §7 "Dealers, notifications, configuration".
 * The fan-out worker lives with the routes: it starts when the app is ready and finishes its
 * batch before the database closes.
 */
export async function notificationRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
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

  api.get(
    '/api/v1/push/vapid-key',
    { config: { access: 'user', scope: 'public' }, schema: { response: { 200: vapidKeySchema } } },
    async () => ({ publicKey: (await loadVapidKeys(db, config)).publicKey }),
  );

  api.post(
    '/api/v1/push/devices',
    { config: { access: 'user', scope: 'caller' }, schema: { body: deviceRegistrationSchema } },
    async (request, reply) => {
      const user = request.user!;
      const { subscription, platform } = request.body;
      const refused = refusedEndpoint(subscription.endpoint, config);
      if (refused) throw new HttpError(400, refused, 'push-endpoint-refused');
      const token = sessionTokenOf(request);
      const id = await registerDevice(
        db,
        user,
        token ? hashToken(token) : null,
        subscription,
        platform,
      );
      if (!id) throw new HttpError(409, DEVICE_TAKEN_MESSAGE, 'push-device-taken');
      return reply.code(201).send(deviceSchema.parse({ id, platform }));
    },
  );

  api.delete(
    '/api/v1/push/devices',
    { config: { access: 'user', scope: 'caller' }, schema: { querystring: deviceQuerySchema } },
    async (request, reply) => {
      await unregisterDevice(db, request.user!.id, request.query.endpoint);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/v1/notifications',
    { config: { access: 'user', scope: 'caller' } },
    async (request) =>
      notificationListSchema.parse({
        notifications: await listNotifications(db, request.user!.contactId),
      }),
  );

  api.post(
    '/api/v1/notifications/:id/read',
    { config: { access: 'user', scope: 'caller' }, schema: { params: notificationParamsSchema } },
    async (request) => {
      const { id } = request.params;
      if (!(await markNotification(db, request.user!.contactId, id, 'read'))) {
        throw new HttpError(404, NOT_FOUND);
      }
      return okSchema.parse({ id, ok: true });
    },
  );

  // product §4 Offline-first: notification deletes travel through the outbox.
  api.delete(
    '/api/v1/notifications/:id',
    { config: { access: 'user', scope: 'caller' }, schema: { params: notificationParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const contactId = request.user!.contactId;
      return idempotentWrite(db, request, reply, async (trx) => {
        if (!(await markNotification(trx, contactId, id, 'deleted'))) {
          throw new HttpError(404, NOT_FOUND);
        }
        return { status: 200, body: okSchema.parse({ id, ok: true }) };
      });
    },
  );

  // docs/product.md §2 Notification dashboard: administrators only (the gateway enforces it).
  api.post(
    '/api/v1/notifications/send',
    { config: { access: 'admin', scope: 'public' }, schema: { body: sendRequestSchema } },
    async (request, reply) => {
      const body = request.body;
      if (!body.execute) {
        const count = await countRecipients(db, body.conditionals);
        return sendResponseSchema.parse({ valid: true, count, success: false });
      }
      const userId = request.user!.id;
      const answer = await idempotentWrite(db, request, reply, async (trx) => {
        const { id, count } = await recordBroadcast(trx, userId, body, (t, ids) =>
          worker.enqueue(t, ids),
        );
        return {
          status: 200,
          body: sendResponseSchema.parse({ valid: true, count, success: true, broadcastId: id }),
        };
      });
      worker.kick();
      return answer;
    },
  );

  api.get(
    '/api/v1/notifications/broadcasts',
    { config: { access: 'admin', scope: 'public' } },
    async () => broadcastListSchema.parse({ notifications: await listBroadcasts(db) }),
  );

  api.get(
    '/api/v1/dealer-contacts',
    {
      config: { access: 'user', scope: 'organisation' },
      schema: { querystring: dealerContactsQuerySchema },
    },
    async (request) => {
      const found = await dealerContacts(
        db,
        organisationOf(request),
        request.user!.accountId,
        request.query.dealerId,
      );
      if (!found) throw new HttpError(404, 'The dealer was not found');
      return dealerContactsSchema.parse(found);
    },
  );
}
