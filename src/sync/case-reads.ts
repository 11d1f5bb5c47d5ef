import { sendCaseRead } from '../api/cases';
import { ApiError, NetworkError } from '../api/errors';
import { db, ownerRange, type TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import type { CaseReadPayload } from './case-read-kind';
import { enqueue } from './outbox';
import { requestReplay } from './request-replay';

/*
 * Unread replies: each case opened here is remembered at once (so its marker goes, offline too)
 * and told to the gateway, which keeps it per user for every device.
 */

/** A read mark of this case still waiting, never tried: it can take a later time. */
async function waitingMark(
  database: TorqueDb,
  ownerUserId: string,
  caseId: string,
): Promise<OutboxRow | undefined> {
  const rows = await database.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(ownerUserId))
    .filter(
      (r) =>
        r.kind === 'case-read' &&
        (r.payload as CaseReadPayload).id === caseId &&
        r.attempts === 0 &&
        (r.status === 'pending' || r.status === 'retry') &&
        r.discardingAt === undefined,
    )
    .toArray();
  return rows[0];
}

/** Whether the gateway refused the mark for good (the case gone or not the user's). */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.status !== 408 && error.status !== 429
    : false;

/**
 * The user opened a case: it reads as read here at once. Online the gateway is told straight
 * away; without an answer (offline, the gateway away, the session ended) the mark goes through
 * the outbox under the same Idempotency-Key, so it is applied once whether or not the first try
 * arrived. A mark already waiting for the case takes the later time instead of queuing another.
 */
export async function markCaseOpened(
  ownerUserId: string,
  caseId: string,
  caseNumber: string,
  database: TorqueDb = db,
): Promise<void> {
  const now = Date.now();
  const payload: CaseReadPayload = { id: caseId, readAt: new Date(now).toISOString() };
  await database.caseReads.put({ ownerUserId, caseId, readAt: now });
  const waiting = await database.transaction('rw', database.outbox, async () => {
    const row = await waitingMark(database, ownerUserId, caseId);
    if (row) await database.outbox.update(row.id, { payload, updatedAt: now });
    return row;
  });
  if (waiting) return void requestReplay();
  const key = crypto.randomUUID();
  if (navigator.onLine) {
    try {
      await sendCaseRead(caseId, payload.readAt, key);
      return;
    } catch (error) {
      if (refusedForGood(error)) return;
      if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
    }
  }
  await enqueue(
    { id: key, kind: 'case-read', payload, summary: `Mark case ${caseNumber} read`, ownerUserId },
    database,
  );
  requestReplay();
}
