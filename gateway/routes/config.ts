import type { FastifyInstance } from 'fastify';
import { getRemoteConfig } from '../../contract/endpoints/config';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { readRemoteConfig } from '../services/remote-config';

/** contract/endpoints/config.ts. Public: the shell shows the Call TSC number before sign-in. */
export async function configRoutes(app: FastifyInstance, { db, config }: AppContext) {
  route(app, getRemoteConfig, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return readRemoteConfig(db, config);
  });
}
