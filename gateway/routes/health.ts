import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { healthSchema } from '../../contract/errors';
import type { AppContext } from '../context';

export async function healthRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/health', { config: { access: 'anonymous', scope: 'public' } }, async () => {
    await sql`select 1`.execute(db);
    return healthSchema.parse({ status: 'ok', database: 'ok' });
  });
}
