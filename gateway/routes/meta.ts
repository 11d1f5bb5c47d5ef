import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { allEndpoints } from '../../contract/endpoints/index';
import { getHealth, getOpenApiDocument } from '../../contract/endpoints/meta';
import { SESSION_COOKIE } from '../auth/session-cookie';
import type { AppContext } from '../context';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/errors';
import { openApiDocument } from '../http/openapi';
import { isRateLimited, route } from '../http/route';

/** contract/endpoints/meta.ts: the API describing itself, and whether it is up. */
export async function metaRoutes(app: FastifyInstance, { db }: AppContext) {
  // Made on first request: by then every route is registered, with its limits.
  let document: ReturnType<typeof openApiDocument> | null = null;
  route(
    app,
    getOpenApiDocument,
    async () =>
      (document ??= openApiDocument(allEndpoints, {
        sessionCookie: SESSION_COOKIE,
        rateLimited: isRateLimited,
      })),
  );

  route(app, getHealth, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch (err) {
      // The gateway is up but cannot serve data: 503, so a load balancer or a monitor can
      // tell, and the pool reconnects by itself once the database is back.
      request.log.warn({ err }, 'health: database unavailable');
      reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return { status: 'unavailable', database: 'unavailable' } as const;
    }
    return { status: 'ok', database: 'ok' } as const;
  });
}
