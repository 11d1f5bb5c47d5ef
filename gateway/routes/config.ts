import type { FastifyInstance } from 'fastify';
import { remoteConfigSchema } from '../../contract/config';
import type { AppContext } from '../context';
import { readRemoteConfig } from '../services/remote-config';

/** Public: the shell shows the Call TSC number and links before anyone signs in. */
export async function configRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.get(
    '/api/v1/config',
    { config: { access: 'anonymous', scope: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return remoteConfigSchema.parse(await readRemoteConfig(db, config));
    },
  );
}
