import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * What an operator watches (docs/gateway.md "Operating it"): the process's figures, kept here
 * for the life of the process and served at /metrics (gateway/routes/metrics.ts) with the
 * figures read at scrape time (database pool, push queue). Requests are counted by route
 * template (`/api/v1/cases/:id`), never by URL: one series per endpoint, whatever the ids.
 */

export const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });

const requests = new Counter({
  name: 'torque_http_requests_total',
  help: 'Requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processMetrics],
});

const durations = new Histogram({
  name: 'torque_http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processMetrics],
});

const replays = new Counter({
  name: 'torque_outbox_replays_total',
  help: 'Writes sent again with an Idempotency-Key already applied, answered from the stored answer, by route template',
  labelNames: ['route'] as const,
  registers: [processMetrics],
});

const pushes = new Counter({
  name: 'torque_push_sends_total',
  help: "Pushes sent to the browsers' push services, by outcome (sent, retry, gone, failed)",
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
});

const engineBuild = new Gauge({
  name: 'torque_prediction_engine_build_seconds',
  help: 'How long the last build of the prediction engine over the claims took',
  registers: [processMetrics],
});

/** The route template of a request; `(none)` for a URL no route serves (a 404). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(none)';
}

/** A write answered from the idempotency store rather than applied again. */
export function countReplay(request: FastifyRequest): void {
  replays.inc({ route: routeOf(request) });
}

/** What the push service made of one push. */
export function countPush(outcome: 'sent' | 'retry' | 'gone' | 'failed'): void {
  pushes.inc({ outcome });
}

/** The prediction engine was built in this many seconds. */
export function recordEngineBuild(seconds: number): void {
  engineBuild.set(seconds);
}

/** The header naming a request in the logs; the PWA keeps it with a failed answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's request lines, but for the completion line: installRequestMetrics writes that one,
 * with the route template and the user.
 */
export class RequestLogs extends LogController {
  override requestCompleted(): void {}
}

/** Fastify's `genReqId`: a fresh id for every request (a caller's own is not trusted). */
export const newRequestId = (): string => randomUUID();

/**
 * Per request: the X-Request-Id answer header, a log line with the route template, status,
 * duration and user (in place of Fastify's completion line: RequestLogs), and the counters.
 */
export function installRequestMetrics(app: FastifyInstance): void {
  /** Requests whose logger names the route and user already (what a handler logs, too). */
  const named = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // After every onRequest hook, the guards included: the user is known, the body not yet read.
  app.addHook('preParsing', async (request) => {
    request.log = request.log.child({ route: routeOf(request), userId: request.user?.id });
    named.add(request);
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeOf(request),
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    request.log.info(
      {
        method: request.method,
        ...(named.has(request) ? {} : { route: labels.route, userId: request.user?.id }),
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
