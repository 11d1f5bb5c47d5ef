import { db, ownerRange, type TorqueDb } from '../db/db';
import type { OutboxKind, OutboxRow } from '../db/schema';
import type { OutboxPayload } from './write-kinds';

export interface EnqueueInput<K extends OutboxKind = OutboxKind> {
  kind: K;
  /** Typed by the kind: what its declared write turns into the endpoint's body. */
  payload: OutboxPayload<K>;
  summary: string;
  ownerUserId: string;
  dependsOn?: string[];
  /** Set by writes queued together, so they keep their order within one millisecond. */
  createdAt?: number;
  /**
   * The Idempotency-Key of a request already sent once without an answer: queued under the
   * same key (and with the same body), the gateway answers it once whether or not it got it.
   */
  id?: string;
}

/**
 * Queues a write: the entry's id is the client id the gateway sees as Idempotency-Key.
 * Features call this inside their own Dexie transaction when they also write an optimistic
 * local record (the two land together or not at all).
 */
export async function enqueue<K extends OutboxKind>(
  input: EnqueueInput<K>,
  database: TorqueDb = db,
): Promise<OutboxRow> {
  const now = Date.now();
  const row: OutboxRow = {
    id: input.id ?? crypto.randomUUID(),
    ownerUserId: input.ownerUserId,
    kind: input.kind,
    payload: input.payload,
    summary: input.summary,
    status: 'pending',
    attempts: 0,
    dependsOn: input.dependsOn ?? [],
    createdAt: input.createdAt ?? now,
    updatedAt: now,
    nextAttemptAt: now,
  };
  await database.outbox.add(row);
  return row;
}

/*
 * What the user can do from the Offline & sync page. Each action names the owner and leaves
 * the entry alone when it belongs to someone else or is being sent right now.
 */

async function changeOwnEntry(
  id: string,
  ownerUserId: string,
  change: (row: OutboxRow) => Partial<OutboxRow> | null,
): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (!row || row.ownerUserId !== ownerUserId || row.status === 'sending') return false;
    const patch = change(row);
    if (!patch) return false;
    await db.outbox.update(id, { ...patch, updatedAt: Date.now() });
    return true;
  });
}

/** Retry: back to pending, due now (attempts are kept: they tell how often it failed). */
export function retryEntry(id: string, ownerUserId: string): Promise<boolean> {
  return changeOwnEntry(id, ownerUserId, (row) =>
    row.status === 'done' ? null : { status: 'pending', nextAttemptAt: Date.now() },
  );
}

/** Edit: the new payload and summary replace the old ones, and the entry is due again. */
export function editEntry(
  id: string,
  ownerUserId: string,
  payload: unknown,
  summary?: string,
): Promise<boolean> {
  return changeOwnEntry(id, ownerUserId, (row) =>
    row.status === 'done'
      ? null
      : {
          payload,
          summary: summary ?? row.summary,
          status: 'pending',
          lastError: undefined,
          nextAttemptAt: Date.now(),
        },
  );
}

/** Discard (after the user confirmed): the write is never sent. */
export async function discardEntry(id: string, ownerUserId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (!row || row.ownerUserId !== ownerUserId || row.status === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/*
 * Discard with Undo: the entry is held (hidden, never sent) for a few seconds first; Undo
 * releases it as it was, and otherwise `finishDiscard` removes it.
 */

/** Holds the entry back from sending while the user may still undo its discard. */
export function holdForDiscard(id: string, ownerUserId: string): Promise<boolean> {
  return changeOwnEntry(id, ownerUserId, () => ({ discardingAt: Date.now() }));
}

/** Undo: the entry is back as it was and sent as before. */
export function releaseDiscard(id: string, ownerUserId: string): Promise<boolean> {
  return changeOwnEntry(id, ownerUserId, (row) =>
    row.discardingAt ? { discardingAt: undefined } : null,
  );
}

/** The time to undo is up: a held entry is removed; one the user got back stays. */
export async function finishDiscard(id: string, ownerUserId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (!row?.discardingAt || row.ownerUserId !== ownerUserId) return false;
    await db.outbox.delete(id);
    return true;
  });
}

/**
 * "Sync now": the owner's entries in back-off are due at once (the user asked, not a timer), and
 * so are those that met an ended session: sent again, they either go or ask for sign-in anew.
 */
export async function makeDueNow(ownerUserId: string): Promise<void> {
  const now = Date.now();
  await db.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(ownerUserId))
    .filter(
      (row) =>
        (row.status === 'retry' && row.nextAttemptAt > now) || row.status === 'waiting-for-sign-in',
    )
    .modify((row) => {
      row.nextAttemptAt = now;
      if (row.status === 'waiting-for-sign-in') row.status = 'pending';
    });
}

/**
 * Known offline: the owner's new entries are marked as held up for want of a connection, as
 * a failed try would mark them, without the try (it could only fail, with an error in the
 * console). They stay due: the `online` event and Background Sync send them.
 */
export async function holdForConnection(ownerUserId: string, message: string): Promise<void> {
  const now = Date.now();
  await db.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(ownerUserId))
    .filter((row) => row.status === 'pending' && !row.lastError)
    .modify({ status: 'retry', lastError: { message }, updatedAt: now });
}
