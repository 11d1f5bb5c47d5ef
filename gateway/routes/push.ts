import type { FastifyInstance } from 'fastify';
import * as push from '../../contract/endpoints/push';
import { sessionTokenOf } from '../auth/session-cookie';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { registerDevice, unregisterDevice } from '../services/push-devices';
import { loadVapidKeys } from '../services/push';
import { refusedEndpoint } from '../services/push-endpoint';
import { hashToken } from '../services/sessions';

/** The PWA answers it by subscribing afresh (new keys), which moves the browser to its user. */
export const DEVICE_TAKEN_MESSAGE =
  'This browser receives pushes for another account; sign that account out here, or subscribe again';

/** contract/endpoints/push.ts: the browsers that receive the caller's pushes. */
export async function pushRoutes(app: FastifyInstance, { db, config }: AppContext) {
  route(app, push.getVapidKey, async () => ({
    publicKey: (await loadVapidKeys(db, config)).publicKey,
  }));

  route(app, push.registerDevice, async (request, reply) => {
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
    return reply.code(201).send({ id, platform });
  });

  route(app, push.unregisterDevice, async (request, reply) => {
    await unregisterDevice(db, request.user!.id, request.query.endpoint);
    return reply.code(204).send();
  });
}
