import { sql, type Kysely } from 'kysely';
import type { ChangesResponse } from '../../contract/changes';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { caseVisibleTo } from './case-access';

const XID_WRAP = 2n ** 32n;

/**
 * The cursor: the oldest transaction of this database still running, or the next transaction
 * id if none is. Every change logged by an older transaction has ended and is visible to the
 * statements that follow; none logged by it or a newer one is handed out yet, so a change that
 * commits late is never skipped.
 *
 * The snapshot's own xmin would do the same, but it is the whole server's: any long transaction
 * in another database (another application, a backup) would hold every device's feed back.
 * So the running ids of the snapshot are kept only where a backend of this database holds them.
 * The activity view is read after the snapshot: an id missing from it had ended before that
 * read, so the change log read by the next statement (read committed) sees its rows.
 */
export async function currentCursor(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ xmax: string; xip: string[] }>`
    SELECT pg_snapshot_xmax(s)::text AS xmax,
           array(SELECT x::text FROM pg_snapshot_xip(s) AS x) AS xip
      FROM pg_current_snapshot() AS s`.execute(db);
  const { xmax, xip } = rows[0]!;
  if (xip.length === 0) return xmax;
  const ours = await sql<{ xid: string }>`
    SELECT backend_xid::text AS xid FROM pg_stat_activity
     WHERE datname = current_database() AND backend_xid IS NOT NULL`.execute(db);
  const running = new Set(ours.rows.map((r) => BigInt(r.xid)));
  // The activity view gives 32-bit ids; the snapshot and the log give them with their epoch.
  const held = xip.map(BigInt).filter((x) => running.has(x % XID_WRAP));
  return held.length ? held.reduce((a, b) => (b < a ? b : a)).toString() : xmax;
}

/**
 * What changed for `user` since `since` (docs/architecture.md "Read"): case ids to read again
 * that the user may see, and tombstones for those the log names in the user's scope that the
 * user may no longer see. Without `since` the answer is only a cursor to start from.
 */
export async function changesSince(
  db: Kysely<Database>,
  user: User,
  since: string | undefined,
): Promise<ChangesResponse> {
  // Read committed: the log and the visibility check read after the cursor was taken.
  return db
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx) => {
      const cursor = await currentCursor(trx);
      // A cursor ahead of this database's was handed out by another one (a database restored or
      // seeded anew): start over.
      if (since === undefined || BigInt(since) > BigInt(cursor)) {
        return { cursor, reset: true, cases: { changed: [], removed: [] } };
      }
      const scoped = user.kind === 'internal' ? sql`true` : sql`scope = ${user.accountId ?? ''}`;
      const { rows } = await sql<{ record_id: string }>`
      SELECT DISTINCT record_id FROM change_log
       WHERE area = 'case' AND txid >= ${since}::xid8 AND txid < ${cursor}::xid8 AND ${scoped}`.execute(
        trx,
      );
      const ids = rows.map((r) => r.record_id);
      const visible = ids.length
        ? new Set(
            (
              await trx
                .selectFrom('cases')
                .select('id')
                .where('id', 'in', ids)
                .where(caseVisibleTo(user))
                .execute()
            ).map((r) => r.id),
          )
        : new Set<string>();
      return {
        cursor,
        reset: false,
        cases: {
          changed: ids.filter((id) => visible.has(id)),
          removed: ids.filter((id) => !visible.has(id)),
        },
      };
    });
}
