import { safeParse } from 'zod/v4/core';
import { MALFORMED_ANSWER_MESSAGE } from '../api/errors';
import type { TorqueDb } from '../db/db';
import type { OutboxError, OutboxRow } from '../db/schema';
import { backoffDelay } from './backoff';
import { signedInUserId } from './current-user';
import { markTried } from './mark-tried';
import { DONE_KEPT_MS } from './outbox-keep';
import { outboxOf } from './outbox-status';
import { writeKinds, type WriteKind } from './write-kinds';

/*
 * The outbox replayer (docs/architecture.md "The outbox and replay", product §4). The core is
 * a function of the database and a `send`, so the page, the service worker and the unit tests
 * run the same state machine; replay-run.ts adds the lock and the real network.
 */

export interface SendRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  /** The entry's id: the gateway applies a key once and answers a replay with the first answer. */
  idempotencyKey: string;
}

/** Any HTTP answer. A request that got no answer at all (offline, gateway down) throws instead. */
export interface SendAnswer {
  status: number;
  body: unknown;
  /** The answer's Retry-After (a 429), in milliseconds: the next attempt waits that long. */
  retryAfterMs?: number;
  /** The answer's X-Request-Id, kept with a failed write for a support request. */
  requestId?: string;
}

export type Send = (request: SendRequest) => Promise<SendAnswer>;

export interface ReplayOptions {
  now?: () => number;
  random?: () => number;
}

export interface ReplaySummary {
  done: number;
  retry: number;
  needsAttention: number;
  waitingForSignIn: number;
  /** Why the run ended before trying every due entry. */
  stoppedBy?: 'network' | 'sign-in' | 'rate-limit';
}

/** The message of an entry whose dependency is gone (discarded by the user). */
export const DEPENDENCY_DISCARDED_MESSAGE =
  'This change needed an earlier change that was discarded, so it cannot be sent.';
export const NETWORK_MESSAGE = 'No connection to the server.';

type Outcome =
  | { kind: 'done'; result: unknown }
  | {
      kind: 'retry';
      error: OutboxError;
      stop?: ReplaySummary['stoppedBy'];
      retryAfterMs?: number;
    }
  | { kind: 'sign-in'; error: OutboxError }
  | { kind: 'refused'; error: OutboxError };

function errorFromBody(status: number, body: unknown, requestId?: string): OutboxError {
  const b = (body ?? {}) as { message?: unknown; errorCode?: unknown };
  return {
    status,
    message: typeof b.message === 'string' ? b.message : `Request failed (${status})`,
    ...(typeof b.errorCode === 'string' ? { errorCode: b.errorCode } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/** A done outcome keeps only an answer its kind's schema accepts (parsed). */
function checked(kind: WriteKind, outcome: Outcome): Outcome {
  if (outcome.kind !== 'done' || !kind.result) return outcome;
  const parsed = safeParse(kind.result, outcome.result);
  return parsed.success
    ? { kind: 'done', result: parsed.data }
    : { kind: 'refused', error: { status: 502, message: MALFORMED_ANSWER_MESSAGE } };
}

/** The outcomes of product §4: 2xx done; 408, 429, 5xx retry; 401 sign-in; other 4xx refused. */
export function classify(answer: SendAnswer): Outcome {
  const { status, body } = answer;
  if (status >= 200 && status < 300) return { kind: 'done', result: body };
  const error = errorFromBody(status, body, answer.requestId);
  if (status === 401) return { kind: 'sign-in', error };
  if (status === 429) {
    // The gateway says when it takes requests again: sooner would only be refused again.
    const after = answer.retryAfterMs;
    return {
      kind: 'retry',
      error,
      stop: 'rate-limit',
      ...(after !== undefined ? { retryAfterMs: after } : {}),
    };
  }
  if (status === 408 || status >= 500) return { kind: 'retry', error };
  return { kind: 'refused', error };
}

function isPlainRecord(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Replaces every string equal to a temporary id (a dependency's entry id) by its server id. */
export function resolveTemporaryIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => resolveTemporaryIds(v, ids));
  // Only plain records are walked: a photo's Blob (kept in the payload until sent) is a value.
  if (value && typeof value === 'object' && isPlainRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveTemporaryIds(v, ids)]),
    );
  }
  return value;
}

type Readiness = { ready: true; ids: Map<string, string> } | { ready: false; discarded: boolean };

function readiness(entry: OutboxRow, byId: ReadonlyMap<string, OutboxRow>): Readiness {
  const ids = new Map<string, string>();
  for (const depId of entry.dependsOn) {
    const dep = byId.get(depId);
    if (!dep) return { ready: false, discarded: true };
    if (dep.status !== 'done') return { ready: false, discarded: false };
    if (dep.serverId) ids.set(dep.id, dep.serverId);
  }
  return { ready: true, ids };
}

/**
 * Before a run: entries left 'sending' by a crash go back to pending (the caller holds the
 * lock, so nobody else is sending), and entries waiting for sign-in resume once the gateway
 * has confirmed this user's session after they stopped (storeSession stamps profile.syncedAt).
 * Old sent entries that nothing unsent depends on are forgotten.
 */
async function recover(database: TorqueDb, userId: string, now: number): Promise<void> {
  const profile = await database.profile.get('me');
  const confirmedAt = profile?.user.id === userId ? profile.syncedAt : 0;
  await database.transaction('rw', database.outbox, async () => {
    const rows = await outboxOf(userId, database);
    const needed = new Set(rows.filter((r) => r.status !== 'done').flatMap((r) => r.dependsOn));
    for (const row of rows) {
      if (row.status === 'done' && row.updatedAt < now - DONE_KEPT_MS && !needed.has(row.id)) {
        await database.outbox.delete(row.id);
      } else if (
        row.status === 'sending' ||
        (row.status === 'waiting-for-sign-in' && row.updatedAt < confirmedAt)
      ) {
        await database.outbox.update(row.id, { status: 'pending', nextAttemptAt: now });
      }
    }
  });
}

/** The next entry to send: the oldest due one whose dependencies are done. */
async function nextDue(
  database: TorqueDb,
  userId: string,
  now: number,
): Promise<{ entry: OutboxRow; ids: Map<string, string> } | null> {
  const rows = await outboxOf(userId, database);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const entry of rows) {
    if (entry.status !== 'pending' && entry.status !== 'retry') continue;
    if (entry.nextAttemptAt > now || entry.discardingAt) continue;
    const state = readiness(entry, byId);
    if (state.ready) return { entry, ids: state.ids };
    if (state.discarded) {
      await database.outbox.update(entry.id, {
        status: 'needs-attention',
        lastError: { message: DEPENDENCY_DISCARDED_MESSAGE },
        updatedAt: now,
      });
    }
  }
  return null;
}

/** Claims an entry for sending unless the user changed or discarded it meanwhile. */
async function claim(database: TorqueDb, entry: OutboxRow, now: number): Promise<number | null> {
  return database.transaction('rw', database.outbox, async () => {
    const current = await database.outbox.get(entry.id);
    if (
      !current ||
      current.updatedAt !== entry.updatedAt ||
      current.discardingAt ||
      (current.status !== 'pending' && current.status !== 'retry')
    ) {
      return null;
    }
    const attempts = current.attempts + 1;
    await database.outbox.update(entry.id, { status: 'sending', attempts, updatedAt: now });
    return attempts;
  });
}

/**
 * Sends the signed-in user's due entries one at a time, oldest first, and records each
 * outcome. Another user's entries are never read for sending. Run it under the outbox lock.
 */
export async function replayOutbox(
  database: TorqueDb,
  send: Send,
  options: ReplayOptions = {},
): Promise<ReplaySummary> {
  const now = options.now ?? Date.now;
  const summary: ReplaySummary = { done: 0, retry: 0, needsAttention: 0, waitingForSignIn: 0 };
  const userId = await signedInUserId(database);
  if (!userId) return summary;
  await recover(database, userId, now());

  for (;;) {
    const next = await nextDue(database, userId, now());
    if (!next) return summary;
    const { entry, ids } = next;
    const attempts = await claim(database, entry, now());
    if (attempts === null) continue;

    // Kept payloads are what enqueue() took for this kind (OutboxPayload): no need to narrow.
    const kind: WriteKind = writeKinds[entry.kind];
    const payload = resolveTemporaryIds(entry.payload, ids);
    let outcome: Outcome;
    try {
      const answer = await send({
        method: kind.method,
        path: kind.path(payload),
        body: kind.body(payload),
        idempotencyKey: entry.id,
      });
      // A delete of what the gateway no longer has is what the user asked for: done, no answer.
      outcome =
        kind.method === 'DELETE' && answer.status === 404
          ? { kind: 'done', result: undefined }
          : checked(kind, classify(answer));
    } catch {
      outcome = { kind: 'retry', error: { message: NETWORK_MESSAGE }, stop: 'network' };
    }

    const at = now();
    const patch: Partial<OutboxRow> = { updatedAt: at };
    if (outcome.kind === 'done') {
      Object.assign(patch, {
        status: 'done',
        result: outcome.result,
        serverId: kind.serverId?.(outcome.result),
        lastError: undefined,
      });
      summary.done++;
    } else if (outcome.kind === 'retry') {
      Object.assign(patch, {
        status: 'retry',
        lastError: outcome.error,
        nextAttemptAt: at + (outcome.retryAfterMs ?? backoffDelay(attempts, options.random)),
      });
      summary.retry++;
    } else if (outcome.kind === 'sign-in') {
      Object.assign(patch, { status: 'waiting-for-sign-in', lastError: outcome.error });
      summary.waitingForSignIn++;
    } else {
      Object.assign(patch, { status: 'needs-attention', lastError: outcome.error });
      summary.needsAttention++;
    }
    const { applied } = kind;
    await markTried(
      database,
      entry.id,
      patch,
      outcome.kind === 'done' && applied
        ? () => applied(database, userId, outcome.result, entry)
        : undefined,
    );

    // Offline, signed out or throttled: the next entries would meet the same answer.
    const stop =
      outcome.kind === 'sign-in' ? 'sign-in' : outcome.kind === 'retry' ? outcome.stop : undefined;
    if (stop) {
      summary.stoppedBy = stop;
      return summary;
    }
  }
}

/**
 * When the earliest entry of the user in back-off is due (the page's timer), or null. Entries
 * due already are left out: after a run they are waiting for a dependency or for `online`.
 */
export async function nextAttemptAt(
  database: TorqueDb,
  now: number = Date.now(),
): Promise<number | null> {
  const userId = await signedInUserId(database);
  if (!userId) return null;
  let earliest: number | null = null;
  for (const row of await outboxOf(userId, database)) {
    if (row.status !== 'retry' && row.status !== 'pending') continue;
    if (row.nextAttemptAt <= now) continue;
    if (earliest === null || row.nextAttemptAt < earliest) earliest = row.nextAttemptAt;
  }
  return earliest;
}
