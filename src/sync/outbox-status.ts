import { PREDICTION_LINK_FAILED_MESSAGE } from '../../contract/prediction-messages';
import { db, ownerRange, type TorqueDb } from '../db/db';
import { timeOfDay } from '../domain/dates';
import type { OutboxKind, OutboxRow, OutboxStatus } from '../db/schema';

/** Not sent yet and no one has to act: the shell's "{n} pending changes". */
export const PENDING_STATUSES: readonly OutboxStatus[] = [
  'pending',
  'sending',
  'retry',
  'waiting-for-sign-in',
];

/** Words for the status on the Offline & sync page. */
export const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting to be sent',
  sending: 'Sending',
  retry: 'Will retry',
  'waiting-for-sign-in': 'Waiting for sign-in',
  'needs-attention': 'Needs attention',
  done: 'Sent',
};

/** Every entry of one owner, oldest first (the order the replayer sends them in). */
export function outboxOf(userId: string, database: TorqueDb = db): Promise<OutboxRow[]> {
  return database.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(userId))
    .toArray();
}

export interface OutboxCounts {
  pending: number;
  needsAttention: number;
}

/** For the shell badge and the logout prompt: only the owner's entries ever count. */
export async function outboxCounts(userId: string, database: TorqueDb = db): Promise<OutboxCounts> {
  const rows = await outboxOf(userId, database);
  let pending = 0;
  let needsAttention = 0;
  for (const row of rows) {
    if (row.discardingAt) continue;
    if (row.status === 'needs-attention') needsAttention++;
    else if (PENDING_STATUSES.includes(row.status)) pending++;
  }
  return { pending, needsAttention };
}

/** What a refused entry of these kinds says, whatever the server's words (product §8). */
const REFUSED_TEXT: Partial<Record<OutboxKind, string>> = {
  'prediction-link': PREDICTION_LINK_FAILED_MESSAGE,
};

/** Why an entry is not sent: the product's words for its kind when refused, else the server's. */
export function entryErrorText(entry: Pick<OutboxRow, 'kind' | 'status' | 'lastError'>) {
  if (entry.status === 'needs-attention' && REFUSED_TEXT[entry.kind]) {
    return REFUSED_TEXT[entry.kind]!;
  }
  return entry.lastError?.message ?? null;
}

/**
 * When an entry in back-off goes next. Without a connection it waits for one, not for a time;
 * a time already past is never shown as the next try (it is sent as soon as the app can).
 */
export function nextTryText(
  entry: Pick<OutboxRow, 'status' | 'nextAttemptAt' | 'lastError'>,
  now: number,
  online: boolean,
): string | null {
  if (entry.status !== 'retry') return null;
  const noAnswer = entry.lastError !== undefined && entry.lastError.status === undefined;
  if (!online || (noAnswer && entry.nextAttemptAt <= now)) return 'waiting for a connection';
  if (entry.nextAttemptAt > now) return `next try at ${timeOfDay(entry.nextAttemptAt)}`;
  return 'next try shortly';
}
