import { sql, type Kysely } from 'kysely';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { currentCursor } from './changes';

/** How often a gateway with devices waiting looks whether the database's cursor moved. */
export const WATCH_TICK_MS = 250;

/** Whose changes wake a waiting device: every one (staff), or those of these scopes. */
type Scopes = 'all' | ReadonlySet<string>;

/**
 * The change log's scopes a user's answer reads: the dealer's cases, the contact's messages,
 * the user's own predictions. Rows without a scope (learned claims) concern everyone.
 */
export function scopesOf(user: User): Scopes {
  if (user.kind === 'internal') return 'all';
  return new Set([user.accountId, user.contactId, user.id].filter((s): s is string => s !== null));
}

interface Waiter {
  scopes: Scopes;
  /** The cursor the device was last answered: a change from it on concerns it. */
  since: bigint;
  wake: () => void;
}

export interface ChangeWatch {
  /**
   * Resolves when a change in `scopes` is committed (through this gateway or any other on the
   * same database), after `ms`, or when `signal` aborts, whichever comes first.
   */
  next(scopes: Scopes, since: string, ms: number, signal: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * Devices holding the change feed open (a long poll) wait here. One reader per gateway, only
 * while someone waits, asks the database every WATCH_TICK_MS whether its cursor moved and, if
 * so, which scopes the changes in between touched; it wakes only the devices those concern,
 * which then read their changes as any other ask. Asking the change log itself, not a
 * notification of this process, is what makes a write through another gateway wake them too,
 * and what keeps it working across a database restart (a tick that fails is tried again).
 */
export function changeWatch(db: Kysely<Database>, tickMs = WATCH_TICK_MS): ChangeWatch {
  const waiters = new Set<Waiter>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ticking = false;
  let closed = false;

  const tick = async () => {
    timer = null;
    ticking = true;
    try {
      const cursor = BigInt(await currentCursor(db));
      // From the oldest cursor still waiting: a device that came in after a tick had read past
      // its cursor is still woken by what that tick saw.
      let from = cursor;
      for (const w of waiters) if (w.since < from) from = w.since;
      if (from < cursor) {
        const { rows } = await sql<{ scope: string | null; latest: string }>`
          SELECT scope, max(txid)::text AS latest FROM change_log
           WHERE txid >= ${from.toString()}::xid8 AND txid < ${cursor.toString()}::xid8
           GROUP BY scope`.execute(db);
        const touched = rows.map((r) => ({ scope: r.scope, latest: BigInt(r.latest) }));
        for (const w of [...waiters]) {
          const concerned = touched.some(
            ({ scope, latest }) =>
              latest >= w.since && (w.scopes === 'all' || scope === null || w.scopes.has(scope)),
          );
          if (concerned) w.wake();
        }
      }
    } catch {
      // The database is away (a restart): the waiters run out their time and ask again.
    }
    ticking = false;
    schedule();
  };

  const schedule = () => {
    if (closed || timer || ticking || waiters.size === 0) return;
    timer = setTimeout(() => void tick(), tickMs);
  };

  return {
    next(scopes, since, ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal.aborted || closed) return resolve();
        const done = () => {
          clearTimeout(limit);
          signal.removeEventListener('abort', done);
          waiters.delete(waiter);
          resolve();
        };
        const waiter: Waiter = { scopes, since: BigInt(since), wake: done };
        const limit = setTimeout(done, ms);
        signal.addEventListener('abort', done);
        waiters.add(waiter);
        schedule();
      });
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of [...waiters]) w.wake();
    },
  };
}
