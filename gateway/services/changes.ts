import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChangesResponse } from '../../contract/changes';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { caseVisibleTo } from './case-access';
import { predictionVisibleTo } from './predictions-access';

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

interface AreaChanges {
  changed: string[];
  removed: string[];
}

/** Splits logged ids into those the caller may see (`changed`) and tombstones. */
function split(ids: string[], visible: Set<string>): AreaChanges {
  return {
    changed: ids.filter((id) => visible.has(id)),
    removed: ids.filter((id) => !visible.has(id)),
  };
}

/**
 * The logged cases the caller may see, and the lists that show them as `organisationCases`
 * and `dealerCases` read them: an organisation's list shows its cases (not reports); the
 * caller's own list is a dealer's organisation's, or the cases staff submitted or own.
 */
async function changedCases(
  trx: Transaction<Database>,
  user: User,
  ids: string[],
): Promise<ChangesResponse['cases']> {
  if (!ids.length) return { changed: [], removed: [] };
  const rows = await trx
    .selectFrom('cases')
    .select(['id', 'account_id', 'record_type', 'submitted_by', 'owner_id'])
    .where('id', 'in', ids)
    .where(caseVisibleTo(user))
    .execute();
  const cases = split(ids, new Set(rows.map((r) => r.id)));
  if (!rows.length) return cases;
  const organisations = new Set<string>();
  for (const r of rows)
    if (r.record_type === 'Case' && r.account_id) organisations.add(r.account_id);
  const own =
    user.kind === 'internal'
      ? rows.some((r) => r.submitted_by === user.id || r.owner_id === user.id)
      : organisations.size > 0;
  return { ...cases, organisations: [...organisations], own };
}

/** The caller's own messages still in their list (not deleted): as `listNotifications` reads. */
async function visibleMessages(trx: Transaction<Database>, contactId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await trx
    .selectFrom('notifications')
    .select('id')
    .where('id', 'in', ids)
    .where('contact_id', '=', contactId)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * The caller's own predictions it may still see: as Prediction History (`myPredictions`) reads.
 * One given to another user, or out of the caller's organisation, is a tombstone.
 */
async function visiblePredictions(trx: Transaction<Database>, user: User, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await trx
    .selectFrom('predictions')
    .select('id')
    .where('id', 'in', ids)
    .where('user_id', '=', user.id)
    .where(predictionVisibleTo(user))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Each model once, as the claims bundle matches them (without regard to case). */
function distinctModels(models: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const model of models) byKey.set(model.toLowerCase(), model);
  return [...byKey.values()].sort();
}

/**
 * What changed for `user` since `since` (docs/architecture.md "Changes since a cursor"), per
 * area: case ids to read again that the user may see, and tombstones for those the log names in
 * the user's scope that the user may no longer see; the same for the user's own messages and
 * predictions, each left out when none changed, with the predictions the models whose claims
 * the gateway learned (every user's: the claims bundle is anyone's). Without `since` the answer
 * is only a cursor to start from.
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
      const caseScope = user.kind === 'internal' ? sql`true` : sql`scope = ${user.accountId ?? ''}`;
      // A message is one contact's: a user without a contact has none.
      const messageScope = user.contactId ? sql`scope = ${user.contactId}` : sql`false`;
      // A prediction is its maker's, staff included; learned claims are everyone's.
      const { rows } = await sql<{ area: string; record_id: string }>`
      SELECT DISTINCT area, record_id FROM change_log
       WHERE txid >= ${since}::xid8 AND txid < ${cursor}::xid8
         AND ((area = 'case' AND ${caseScope}) OR (area = 'message' AND ${messageScope})
              OR (area = 'prediction' AND scope = ${user.id}) OR area = 'claims')`.execute(trx);
      const idsOf = (area: string) => rows.filter((r) => r.area === area).map((r) => r.record_id);
      const caseIds = idsOf('case');
      const messageIds = idsOf('message');
      const predictionIds = idsOf('prediction');
      const models = distinctModels(idsOf('claims'));
      const answer: ChangesResponse = {
        cursor,
        reset: false,
        cases: await changedCases(trx, user, caseIds),
      };
      if (messageIds.length && user.contactId) {
        answer.messages = split(messageIds, await visibleMessages(trx, user.contactId, messageIds));
      }
      if (predictionIds.length || models.length) {
        answer.predictions = {
          ...split(predictionIds, await visiblePredictions(trx, user, predictionIds)),
          ...(models.length ? { models } : {}),
        };
      }
      return answer;
    });
}
