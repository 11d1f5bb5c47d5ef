import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { apiError, HttpError } from '../http/errors';
import { markAppliedOnce } from '../http/idempotent-writes';
import { countReplay } from '../http/metrics';

/** The header a queued write carries (product §4 "Offline-first": the outbox entry's id). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that was stored earlier and replayed, so callers and tests can tell. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Keys are kept this long; a client retrying later than this would apply the write again. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 30;

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const KEY_MESSAGE = 'Idempotency-Key must be 1-100 characters of letters, digits, "-" and "_"';
/** Written with the key row and replaced before commit: nobody outside the transaction sees it. */
const IN_PROGRESS = 0;

/** What a write's effect answers: its status (2xx) and JSON body. */
export interface EffectResult {
  status: number;
  body: unknown;
}
export type Effect = (trx: Transaction<Database>) => Promise<EffectResult>;

/** The Idempotency-Key of a request: null when absent, 400 when present but malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  // Node joins repeated headers into one string; an array or a comma fails the pattern too.
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw new HttpError(400, KEY_MESSAGE);
  return raw;
}

/** Marks text already written, on the work stack of canonicalJson. */
class Text {
  constructor(readonly text: string) {}
}

/**
 * JSON with sorted object keys: the same body hashes the same whatever its key order.
 * Iterative (an explicit stack, not recursion), so no nesting can overflow the call stack; the
 * text is the same as a recursive walk's, so keys stored before still match their requests.
 */
export function canonicalJson(root: unknown): string {
  const out: string[] = [];
  const work: unknown[] = [root];
  while (work.length > 0) {
    const value = work.pop();
    if (value instanceof Text) {
      out.push(value.text);
      continue;
    }
    // Pushed in reverse: the stack hands the parts back in writing order.
    if (Array.isArray(value)) {
      work.push(new Text(']'));
      for (let i = value.length - 1; i >= 0; i--) {
        work.push(value[i]);
        if (i > 0) work.push(new Text(','));
      }
      out.push('[');
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      work.push(new Text('}'));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        work.push(v);
        work.push(new Text(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`));
      }
      out.push('{');
    } else {
      out.push(JSON.stringify(value) ?? 'null');
    }
  }
  return out.join('');
}

/** The request a key stands for: method, URL and body. A key reused for anything else is refused. */
function requestHash(request: FastifyRequest, body: unknown): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

function send(reply: FastifyReply, status: number, body: unknown, replayed: boolean) {
  if (replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.code(status).type('application/json').send(body);
}

/**
 * Runs a write once per (user, Idempotency-Key). The key row is inserted first in the same
 * transaction as the effect, so a concurrent duplicate blocks on the key's unique index until
 * the first commits, then reads its stored answer; if the first rolls back (a fault), the
 * duplicate runs the effect itself. Deterministic refusals (HttpError 4xx) are stored and
 * replayed like successes, with the effect's own writes rolled back to a savepoint; faults
 * (5xx, unexpected errors) roll everything back and store nothing, so a retry runs again.
 *
 * Without a key the effect simply runs in a transaction of its own. The effect must use only
 * `trx` (PGlite has one connection: a query on `db` inside the effect would wait forever).
 */
export async function idempotentWrite(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  effect: Effect,
  /** What the request's content is, where request.body is not it (a multipart upload). */
  content: unknown = request.body,
) {
  markAppliedOnce(request);
  const key = idempotencyKeyOf(request);
  if (key === null) {
    const result = await db.transaction().execute(effect);
    return send(reply, result.status, result.body, false);
  }
  const userId = request.user?.id;
  // A programming error, not the caller's: the route must run a session guard first.
  if (!userId) throw new Error('idempotentWrite needs a signed-in user (requireUser)');
  const hash = requestHash(request, content);

  const trx = await db.startTransaction().execute();
  try {
    const inserted = await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        request_hash: hash,
        status_code: IN_PROGRESS,
        response: null,
        created_at: new Date(),
      })
      // Either unique index (user_id, key) or (key): someone holds this key already.
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();

    if (!inserted) {
      const stored = await trx
        .selectFrom('idempotency_keys')
        .select(['user_id', 'request_hash', 'status_code', 'response'])
        .where('key', '=', key)
        .executeTakeFirst();
      await trx.commit().execute();
      if (!stored) {
        // Pruned between our insert and read: practically never. A 503 makes the outbox retry.
        throw new HttpError(503, 'The Idempotency-Key was just released; retry the request');
      }
      if (stored.user_id !== userId) {
        throw new HttpError(
          409,
          'This Idempotency-Key was already used by another user; send the write with a new key',
          'idempotency-key-conflict',
        );
      }
      if (stored.request_hash !== hash) {
        throw new HttpError(
          422,
          'This Idempotency-Key was already used for a different request; send a new key for a new write',
          'idempotency-key-reused',
        );
      }
      countReplay(request);
      return send(reply, stored.status_code, stored.response, true);
    }

    const afterKey = await trx.savepoint('effect').execute();
    let result: EffectResult;
    try {
      result = await effect(afterKey);
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode < 400 || err.statusCode >= 500) throw err;
      // A refusal is an answer: undo whatever the effect wrote, keep the key and the refusal.
      await afterKey.rollbackToSavepoint('effect').execute();
      result = {
        status: err.statusCode,
        body: apiError(err.statusCode, err.message, err.errorCode),
      };
    }
    if (result.status >= 500) throw new Error(`effect answered ${result.status}: not stored`);
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: result.status, response: JSON.stringify(result.body ?? null) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    await trx.commit().execute();
    return send(reply, result.status, result.body, false);
  } catch (err) {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
    throw err;
  }
}

/** Forgets keys older than IDEMPOTENCY_KEY_TTL_DAYS (run at start, like the session trim). */
export async function pruneIdempotencyKeys(
  db: Kysely<Database>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_DAYS * 86_400_000);
  const res = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
