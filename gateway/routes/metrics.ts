import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { sendError } from '../http/errors';
import { processMetrics } from '../http/metrics';
import { scrapeTimeMetrics } from '../services/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * /metrics in Prometheus's text format, for the operator holding METRICS_TOKEN (a Bearer
 * token). Without the token configured, or asked without it, it answers 404 like any page
 * that does not exist: nobody else learns it is there. Outside /api/v1: not part of the API.
 */
export async function metricsRoutes(app: FastifyInstance, { config, db }: AppContext) {
  const atScrape = scrapeTimeMetrics(db);
  const expected = config.metricsToken ? digest(config.metricsToken) : null;
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests: equal lengths, and no timing tells how much of a guess was right.
    if (!expected || !given || !timingSafeEqual(digest(given), expected)) {
      return sendError(reply, 404, 'Not found');
    }
    const text = (await processMetrics.metrics()) + (await atScrape.metrics());
    return reply.header('cache-control', 'no-store').type(processMetrics.contentType).send(text);
  });
}
