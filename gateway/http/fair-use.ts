/**
 * Fair use: one user's burst must not slow everyone else.
 *
 * - A per-user limit on every signed-in route (@fastify/rate-limit, keyed by the session's user,
 *   counted in PostgreSQL so that every gateway copy counts the same requests:
 *   services/request-counts.ts; in memory on the embedded database, which one process opens).
 *   The expensive endpoints (knowledge search, case assist, typeaheads, uploads) have a tight
 *   limit of their own; every other signed-in route has a loose one that a person's use never
 *   meets. Past it, 429 with Retry-After, which the PWA shows as "busy,
 *   retrying" and waits out.
 * - A bound on how many expensive requests this process works on at once. The rest wait, taking
 *   turns between users, so another user's request goes next rather than after a whole burst;
 *   cheap requests of other users (a case list) still find a free database connection and an
 *   idle event loop. A user with too many in progress, or a queue too long, gets 429 with
 *   Retry-After.
 *
 * A route opts in by spreading one of these into its config:
 *
 *   config: { access: 'user', scope: 'public', ...EXPENSIVE } // tight limit + bounded work
 *   config: { access: 'user', scope: 'caller', ...UPLOAD }    // tight limit, counted in progress;
 *                                                             // its handler runs the work after
 *                                                             // the (slow) body in heavyWork()
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { GatewayConfig } from '../config';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Worked on within the process's bound of concurrent expensive requests: fair-use.ts. */
    expensive?: boolean;
    /** Counted in progress per user; its handler does its work in heavyWork(): fair-use.ts. */
    upload?: boolean;
  }
  interface FastifyInstance {
    /** Runs `work` within the bound of concurrent expensive work, its turn shared fairly. */
    heavyWork<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T>;
  }
}

export const BUSY_MESSAGE = 'The server is busy with your earlier requests; try again shortly';

/** Limited per user and worked on within the bound of concurrent expensive work. */
export const EXPENSIVE = { rateLimit: {}, expensive: true } as const;
/** An upload: limited per user, counted in progress while its body arrives, its work bounded. */
export const UPLOAD = { rateLimit: {}, upload: true } as const;

/**
 * Requests waiting for a turn before more are turned away. Waiting costs nothing but memory;
 * a short wait beats a 429 the PWA must retry.
 */
const MAX_WAITING = 100;

/**
 * A counting semaphore whose waiting requests take turns between keys (users): each release
 * goes to the key that has waited longest for a turn, first come, first served within a key.
 * `enter`/`leave` count what a key has in progress (waiting, working or still receiving).
 */
export function workLimiter(slots: number, maxWaiting: number, perKey = Infinity) {
  let busy = 0;
  let waitingCount = 0;
  // Insertion order is the order of turns: a key served goes to the back.
  const queues = new Map<string, (() => void)[]>();
  const inProgress = new Map<string, number>();
  return {
    /** False when the key has `perKey` in progress already. */
    enter(key: string): boolean {
      const n = inProgress.get(key) ?? 0;
      if (n >= perKey) return false;
      inProgress.set(key, n + 1);
      return true;
    },
    leave(key: string): void {
      const n = (inProgress.get(key) ?? 1) - 1;
      if (n > 0) inProgress.set(key, n);
      else inProgress.delete(key);
    },
    /** Resolves when a slot is free; false when too many are waiting already. */
    async acquire(key = ''): Promise<boolean> {
      if (busy < slots) {
        busy++;
        return true;
      }
      if (waitingCount >= maxWaiting) return false;
      waitingCount++;
      await new Promise<void>((resolve) => {
        const queue = queues.get(key);
        if (queue) queue.push(resolve);
        else queues.set(key, [resolve]);
      });
      return true;
    },
    release(): void {
      const first = queues.entries().next();
      if (first.done) {
        busy--;
        return;
      }
      const [key, queue] = first.value;
      const next = queue.shift()!;
      queues.delete(key);
      if (queue.length > 0) queues.set(key, queue);
      waitingCount--;
      // The slot passes straight to the next in turn; busy stays the same.
      next();
    },
  };
}

function busy(reply: FastifyReply): HttpError {
  reply.header('retry-after', '1');
  return new HttpError(429, BUSY_MESSAGE);
}

const keyOf = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

/**
 * `store`: where the per-user limits are counted when several gateway copies may share the
 * database (services/request-counts.ts); null: in this process's memory.
 */
export async function installFairUse(
  app: FastifyInstance,
  config: GatewayConfig,
  store: FastifyRateLimitStoreCtor | null,
) {
  const { max, windowSeconds, concurrency, perUser } = config.expensive;
  const everyday = {
    max: config.userRequests.max,
    timeWindow: config.userRequests.windowSeconds * 1000,
  };
  // Before the plugin's own onRoute hook, which reads the limit: every signed-in route that
  // declares none gets the everyday one.
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access || access === 'anonymous' || route.config?.rateLimit !== undefined) return;
    route.config = { ...route.config, rateLimit: everyday };
  });
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: windowSeconds * 1000,
    ...(store ? { store } : {}),
    // After the session check: the key is the signed-in user, wherever they connect from.
    hook: 'preHandler',
    keyGenerator: keyOf,
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

  const work = workLimiter(concurrency, MAX_WAITING, perUser);
  async function heavyWork<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    fn: () => Promise<T>,
  ): Promise<T> {
    if (!(await work.acquire(keyOf(request)))) throw busy(reply);
    try {
      return await fn();
    } finally {
      work.release();
    }
  }
  app.decorate('heavyWork', heavyWork);
  // What a request has in progress ends when its answer is sent, not after: a handler that
  // sends the answer itself (an idempotent write) still holds it while its caller already sends
  // the next one.
  const leaving = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onSend', async (request) => {
    leaving.get(request)?.();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const { expensive, upload } = route.config ?? {};
    if (!expensive && !upload) return;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request, reply: FastifyReply) {
      const key = keyOf(request);
      if (!work.enter(key)) throw busy(reply);
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        work.leave(key);
      };
      leaving.set(request, leave);
      try {
        if (upload) return await handler.call(this, request, reply);
        return await heavyWork(request, reply, async () => handler.call(this, request, reply));
      } finally {
        leave();
      }
    };
  });
}
