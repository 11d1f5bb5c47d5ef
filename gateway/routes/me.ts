import type { FastifyInstance } from 'fastify';
import { userSchema } from '../../contract/user';

/** product §7 "the user record" query and the IdP user-info call, folded into one endpoint. */
export async function meRoutes(app: FastifyInstance) {
  app.get('/api/v1/me', { config: { access: 'user', scope: 'caller' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return userSchema.parse(request.user);
  });
}
