import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { healthSchema } from '../../contract/errors';
import type { AppContext } from '../context';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/errors';

export async function healthRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get(
    '/api/v1/health',
    { config: { access: 'anonymous', scope: 'public' } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
      } catch (err) {
        // The gateway is up but cannot serve data: 503, so a load balancer or a monitor can
        // tell, and the pool reconnects by itself once the database is back.
        request.log.warn({ err }, 'health: database unavailable');
        reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return healthSchema.parse({ status: 'unavailable', database: 'unavailable' });
      }
      return healthSchema.parse({ status: 'ok', database: 'ok' });
    },
  );
}
