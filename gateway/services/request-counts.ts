/**
 * Where @fastify/rate-limit counts: the database, so every gateway copy on it counts the same
 * requests (one copy's memory gave a user the limit once per copy). A fixed window per limit
 * and user, one upsert per request, timed by the database's clock, which all copies share.
 */
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface Count {
  /** Requests in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Counts one request under `key` in its window of `windowMs`. */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
): Promise<Count> {
  const window = sql`(${windowMs}::integer * interval '1 millisecond')`;
  const { rows } = await sql<{ current: number; ttl: number }>`
    INSERT INTO request_counts AS r (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      window_start = CASE WHEN r.window_start <= now() - ${window} THEN now() ELSE r.window_start END,
      count = CASE WHEN r.window_start <= now() - ${window} THEN 1 ELSE r.count + 1 END
    RETURNING count AS current,
      (extract(epoch FROM r.window_start + ${window} - now()) * 1000)::float8 AS ttl`.execute(db);
  const row = rows[0]!;
  return { current: row.current, ttl: Math.max(0, row.ttl) };
}

type Callback = (err: Error | null, result?: Count) => void;

/** What the plugin passes a route's store: the route's options under routeInfo. */
type StoreOptions = { routeInfo?: Partial<Pick<RouteOptions, 'method' | 'url'>> };

/**
 * The store class @fastify/rate-limit instantiates; each limited route gets a child, which
 * counts under its own method and path.
 *
 * A count that cannot be written lets the request through (logged): the limit guards fairness,
 * not data, and a database that is really down fails the route's own query, which answers 503
 * with Retry-After as every route does then.
 */
export function requestCountStore(db: Kysely<Database>, log: FastifyBaseLogger) {
  /**
   * Keys this copy has seen past their limit, until their window ends. A fixed window's count
   * only grows, so they stay refused until then whatever other copies count: a burst's
   * refusals cost no write, and leave the database's connections to everyone else.
   */
  const refusedUntil = new Map<string, number>();
  const refused = (key: string, now: number): number | undefined => {
    const until = refusedUntil.get(key);
    if (until !== undefined && until <= now) refusedUntil.delete(key);
    return until !== undefined && until > now ? until : undefined;
  };

  return class RequestCountStore {
    private readonly prefix: string;

    constructor(options: object = {}) {
      const route = (options as StoreOptions).routeInfo;
      this.prefix = route?.url ? `${String(route.method)} ${route.url} ` : '';
    }

    incr(key: string, done: Callback, windowMs: number, max: number): void {
      const counted = this.prefix + key;
      const until = refused(counted, Date.now());
      if (until !== undefined) return done(null, { current: max + 1, ttl: until - Date.now() });
      countRequest(db, counted, windowMs).then(
        (count) => {
          if (count.current > max) {
            // Forgets the oldest first: a store of refusals must not grow with every user.
            if (refusedUntil.size >= 10_000) refusedUntil.delete(refusedUntil.keys().next().value!);
            refusedUntil.set(counted, Date.now() + count.ttl);
          }
          done(null, count);
        },
        (err: unknown) => {
          log.warn({ err }, 'a request could not be counted against its limit; let through');
          done(null, { current: 0, ttl: windowMs });
        },
      );
    }

    child(options: object) {
      return new RequestCountStore(options);
    }
  };
}
