import type { RecordKind } from '../../contract/cases';
import { db, ownerRange, type TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import { casePath } from '../domain/case-links';
import { createdCaseIn } from './created-case';
import { localReference } from './local-reference';
import type { CaseCreatePayload } from './case-create-kinds';

/*
 * Cases and reports the user created on this device, as the case lists show them before the
 * gateway's own lists have them (product §4 Offline-first: a case made offline appears at once,
 * waiting to send, and gets its number when the gateway has it).
 */

export const WAITING_TO_SEND = 'Waiting to send';
export const NEEDS_ATTENTION = 'Needs attention';
/** Where an unsent case leads: the outbox, where it can be fixed, retried or discarded. */
export const OFFLINE_SYNC_PATH = '/settings/offline';

export interface QueuedCaseRow {
  /** The outbox entry's id. */
  entryId: string;
  /** The gateway's id once created; null before. */
  serverId: string | null;
  kind: RecordKind;
  subject: string;
  /** The case number, or the local reference until the gateway gave one. */
  caseNumber: string;
  status: string;
  serial: string;
  model: string;
  /** Where a click on the row leads. */
  to: string;
  /** Not sent yet and stopped once already (offline, signed out, refused). */
  heldUp: boolean;
  createdAt: number;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** `dependencies`: the entries it waits for (a new contact), whose failure holds it up too. */
export function queuedCaseOf(
  row: OutboxRow,
  dependencies: readonly OutboxRow[] = [],
): QueuedCaseRow {
  const payload = row.payload as CaseCreatePayload;
  const created = row.status === 'done' ? createdCaseIn(row.result) : undefined;
  const base = {
    entryId: row.id,
    kind: created?.recordType ?? payload.kind ?? 'Case',
    subject: text(payload.fields.Subject),
    serial: text(payload.fields.Serial_Number__c),
    model: text(payload.fields.Model_Number__c),
    heldUp: row.status !== 'done' && [row, ...dependencies].some((r) => !!r.lastError),
    createdAt: row.createdAt,
  };
  if (created) {
    return {
      ...base,
      serverId: created.id,
      caseNumber: created.caseNumber,
      status: created.status,
      to: casePath(created.id),
    };
  }
  return {
    ...base,
    serverId: null,
    caseNumber: localReference(row.id),
    status: row.status === 'needs-attention' ? NEEDS_ATTENTION : WAITING_TO_SEND,
    to: OFFLINE_SYNC_PATH,
  };
}

/** The owner's created cases still in the outbox (sent ones stay a week), newest first. */
export async function queuedCases(
  ownerUserId: string,
  database: TorqueDb = db,
): Promise<QueuedCaseRow[]> {
  const rows = await database.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(ownerUserId))
    .toArray();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows
    .filter((r) => r.kind === 'case-create')
    .map((r) =>
      queuedCaseOf(
        r,
        r.dependsOn.flatMap((id) => byId.get(id) ?? []),
      ),
    )
    .reverse();
}

/** Those a list from the gateway does not show yet (a sent one leaves once the list has it). */
export function notListedYet(
  queued: readonly QueuedCaseRow[],
  listedIds: Iterable<string>,
): QueuedCaseRow[] {
  const listed = new Set(listedIds);
  return queued.filter((q) => !q.serverId || !listed.has(q.serverId));
}
