import type { FastifyInstance } from 'fastify';
import { userSchema } from '../../contract/user';
import type { AppContext } from '../context';

/** SPEC §7 "the user record" query and the IdP user-info call, folded into one endpoint. */
export async function meRoutes(app: FastifyInstance, { guards }: AppContext) {
  app.get('/api/v1/me', { preHandler: guards.requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return userSchema.parse(request.user);
  });
}
