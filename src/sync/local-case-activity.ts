import { db, type TorqueDb } from '../db/db';
import type { OutboxKind } from '../db/schema';
import { outboxOf } from './outbox-status';

/** Writes that are activity on an existing case: an update, its files, a close. */
const CASE_ACTIVITY: ReadonlySet<OutboxKind> = new Set<OutboxKind>([
  'case-feed-item',
  'case-file',
  'case-close',
]);

/**
 * When this device last touched each case, from the outbox (sent entries stay a while): the
 * case lists count it as last activity until the gateway's list is newer.
 */
export async function localCaseActivity(
  ownerUserId: string,
  database: TorqueDb = db,
): Promise<Map<string, number>> {
  const rows = await outboxOf(ownerUserId, database);
  const at = new Map<string, number>();
  for (const r of rows) {
    if (!CASE_ACTIVITY.has(r.kind) || r.discardingAt !== undefined) continue;
    const caseId = (r.payload as { caseId?: unknown } | null)?.caseId;
    if (typeof caseId !== 'string') continue;
    at.set(caseId, Math.max(at.get(caseId) ?? 0, r.createdAt));
  }
  return at;
}
