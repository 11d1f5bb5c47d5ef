import type { TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';

/**
 * Writes an entry's new state after a try; for a sent write, together with its answer
 * (`applied`: the feed item, the case's new status) in one transaction. In two, a screen reading
 * both would see the write sent and its answer not yet stored: the status from before, the feed
 * without the item, for a frame. When storing the answer fails, the entry is still marked sent
 * on its own, as the gateway has it: sending it again would meet the same answer, again and again.
 */
export async function markTried(
  database: TorqueDb,
  id: string,
  patch: Partial<OutboxRow>,
  applied?: () => Promise<void>,
): Promise<void> {
  if (applied) {
    try {
      await database.transaction('rw', database.tables, async () => {
        await database.outbox.update(id, patch);
        await applied();
      });
      return;
    } catch {
      // Kept out of the transaction: the answer waits for the next refresh of its screen.
    }
  }
  await database.outbox.update(id, patch);
}
