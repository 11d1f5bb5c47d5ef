/**
 * Fair use of the endpoints that cost the most (knowledge search, case assist, typeaheads,
 * uploads): one user's burst must not slow everyone else.
 *
 * - A per-user limit (@fastify/rate-limit, keyed by the session's user): past it, 429 with
 *   Retry-After, which the PWA shows as "busy, retrying" and waits out.
 * - A bound on how many expensive requests this process works on at once: the rest wait their
 *   turn in order, so cheap requests of other users (a case list) still find a free database
 *   connection and an idle event loop. When too many are waiting, 429 with Retry-After.
 *
 * A route opts in by spreading one of these into its config:
 *
 *   config: { access: 'user', scope: 'public', ...EXPENSIVE }      // limit + bounded work
 *   config: { access: 'user', scope: 'caller', ...PER_USER_LIMIT } // limit only (an upload,
 *                                                                  // whose body arrives slowly)
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { GatewayConfig } from '../config';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Worked on within the process's bound of concurrent expensive requests: fair-use.ts. */
    expensive?: boolean;
  }
}

export const BUSY_MESSAGE = 'The server is busy with your earlier requests; try again shortly';

/** Limited per user; the window and the count come from the configuration. */
export const PER_USER_LIMIT = { rateLimit: {} } as const;
/** Limited per user and worked on within the bound of concurrent expensive work. */
export const EXPENSIVE = { rateLimit: {}, expensive: true } as const;

/**
 * Requests waiting for a turn before more are turned away. Waiting costs nothing but memory;
 * a short wait beats a 429 the PWA must retry.
 */
const MAX_WAITING = 100;

/** A counting semaphore: first come, first served. */
export function workLimiter(slots: number, maxWaiting: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    /** Resolves when a slot is free; false when too many are waiting already. */
    async acquire(): Promise<boolean> {
      if (busy < slots) {
        busy++;
        return true;
      }
      if (waiting.length >= maxWaiting) return false;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return true;
    },
    release(): void {
      const next = waiting.shift();
      // The slot passes straight to the next in line; busy stays the same.
      if (next) next();
      else busy--;
    },
  };
}

export async function installFairUse(app: FastifyInstance, config: GatewayConfig) {
  const { max, windowSeconds, concurrency } = config.expensive;
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: windowSeconds * 1000,
    // After the session check: the key is the signed-in user, wherever they connect from.
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new HttpError(429, BUSY_MESSAGE),
  });

  const work = workLimiter(concurrency, MAX_WAITING);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.expensive) return;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request, reply: FastifyReply) {
      if (!(await work.acquire())) {
        reply.header('retry-after', '1');
        throw new HttpError(429, BUSY_MESSAGE);
      }
      try {
        return await handler.call(this, request, reply);
      } finally {
        work.release();
      }
    };
  });
}
