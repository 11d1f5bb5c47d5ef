import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClaimedPush, PushOutcome } from './push-send';

/** What History shows for a push whose copy died between claiming and settling it. */
export const ABANDONED =
  'the gateway stopped while sending; not sent again, as the push service may have it';

/**
 * Claims pending deliveries for one gateway copy (`claimer`), committed before any request
 * leaves. Only a pending row is claimed; a row another copy claims at the same moment waits for
 * that copy's commit and is then no longer pending. Already sent, in flight elsewhere or given
 * up on: not returned.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  claimer: string,
  deliveryIds: readonly string[],
): Promise<ClaimedPush[]> {
  const { rows } = await sql<ClaimedPush>`
    WITH claimed AS (
      UPDATE push_deliveries
      SET status = 'sending', claimed_by = ${claimer}, claimed_at = now(),
        attempts = attempts + 1
      WHERE id = ANY(${[...deliveryIds]}::bigint[]) AND status = 'pending'
      RETURNING id, notification_id, device_id
    )
    SELECT c.id AS delivery_id, c.device_id, d.endpoint, d.p256dh, d.auth,
      n.id, n.type, n.title, n.body, n.data, n.created_at, n.delivered_at, n.read_at
    FROM claimed c
    JOIN notifications n ON n.id = c.notification_id
    LEFT JOIN push_devices d ON d.id = c.device_id`.execute(db);
  return rows;
}

/** Claims a copy took and never settled (it died while sending): counted failed. */
export async function failAbandonedClaims(
  db: Kysely<Database>,
  leaseSeconds: number,
): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({ status: 'failed', last_error: ABANDONED })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)
    .execute();
}

export interface SettledPush {
  row: ClaimedPush;
  outcome: PushOutcome;
  /** The push service said "try again" and the job has retries left. */
  retry: boolean;
}

/**
 * Records what became of claimed pushes; only this copy's claims are touched. A push to try
 * again goes back to pending; a device the push service no longer knows is removed.
 */
export async function settleDeliveries(
  db: Kysely<Database>,
  claimer: string,
  results: readonly SettledPush[],
): Promise<void> {
  const mine = (ids: string[]) =>
    db
      .updateTable('push_deliveries')
      .where('id', 'in', ids)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', claimer);
  const sent = results.filter((r) => r.outcome.kind === 'sent');
  if (sent.length > 0) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('push_deliveries')
        .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
        .where(
          'id',
          'in',
          sent.map((r) => String(r.row.delivery_id)),
        )
        .where('status', '=', 'sending')
        .where('claimed_by', '=', claimer)
        .execute();
      await trx
        .updateTable('notifications')
        .set({ delivered_at: sql<Date>`now()` })
        .where('id', 'in', [...new Set(sent.map((r) => r.row.id))])
        .where('delivered_at', 'is', null)
        .execute();
    });
  }
  const gone: string[] = [];
  for (const { row, outcome, retry } of results) {
    if (outcome.kind === 'sent') continue;
    const id = String(row.delivery_id);
    if (retry) {
      // Back to pending; pg-boss offers the job again after the back-off.
      await mine([id])
        .set({ status: 'pending', claimed_by: null, claimed_at: null, last_error: outcome.error })
        .execute();
      continue;
    }
    await mine([id]).set({ status: 'failed', last_error: outcome.error }).execute();
    if (outcome.kind === 'gone' && row.device_id) gone.push(row.device_id);
  }
  if (gone.length > 0) await db.deleteFrom('push_devices').where('id', 'in', gone).execute();
}
