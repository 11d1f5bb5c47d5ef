import { sql, type Kysely } from 'kysely';
import type { ChangesResponse } from '../../contract/changes';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { caseVisibleTo } from './case-access';

/**
 * The cursor: the oldest transaction still running when this statement began. Every change
 * logged by an older transaction is committed (or rolled back) and visible now; none logged by
 * it or a newer one is handed out yet, so a change that commits late is never skipped.
 */
async function currentCursor(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    cursor: string;
  }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS cursor`.execute(db);
  return rows[0]!.cursor;
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
  // One snapshot for the cursor, the log and the visibility check.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
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
