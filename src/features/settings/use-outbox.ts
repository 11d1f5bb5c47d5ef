import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '../../db/schema';
import { outboxCounts, outboxOf, type OutboxCounts } from '../../sync/outbox-status';

/**
 * The signed-in user's outbox entries, oldest first (a live query: any tab, the SW), without
 * those discarded and waiting out their time to undo.
 */
export function useOutbox(userId: string): OutboxRow[] | undefined {
  return useLiveQuery(
    async () => (await outboxOf(userId)).filter((e) => !e.discardingAt),
    [userId],
  );
}

/** Pending and needs-attention counts of one user (the logout prompt). */
export function useOutboxCounts(userId: string | undefined): OutboxCounts | undefined {
  return useLiveQuery(
    () => (userId ? outboxCounts(userId) : { pending: 0, needsAttention: 0 }),
    [userId],
  );
}
