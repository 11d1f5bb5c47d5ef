import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { UNREAD_CASES_MAX, type UnreadCasesResponse } from '../../contract/case-reads';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { caseVisibleTo, visibleCase } from './case-access';

/*
 * Unread replies: a case is unread for a user while its feed has an entry by anyone else (the
 * TSC's entries have no author) newer than the user last opened it. A case never opened counts
 * every such entry. Read state is per user; the organisation rule is the case's own.
 */

/**
 * The newest feed entry on the case not written by `userId` (null when there is none), from the
 * case's own row (0020): its newest entry unless the user wrote it, and otherwise the newest by
 * anyone else.
 */
const latestReplyOf = (userId: string, table: string) => {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<Date | null>`(CASE WHEN ${column('last_entry_author_id')} IS DISTINCT FROM ${userId} THEN ${column('last_entry_at')} ELSE ${column('other_entry_at')} END)`;
};

const readAtOf = (userId: string, table: string) =>
  sql<Date | null>`(SELECT r.read_at FROM case_reads r WHERE r.user_id = ${userId} AND r.case_id = ${sql.ref(`${table}.id`)})`;

/** The rule itself: a reply newer than the read mark, or any reply when there is no mark. */
const repliedAfter = (latestReply: RawBuilder<Date | null>, readAt: RawBuilder<Date | null>) =>
  sql<SqlBool>`${latestReply} > coalesce(${readAt}, '-infinity'::timestamptz)`;

/** Whether the row of `cases` (under `table`) is unread for the user. */
export function unreadFor(userId: string, table = 'cases'): RawBuilder<SqlBool> {
  return sql<SqlBool>`coalesce(${repliedAfter(latestReplyOf(userId, table), readAtOf(userId, table))}, false)`;
}

/**
 * The list rows with their `unread` flag, read for the page's rows only in one statement by
 * primary key: as a column of the list's own query it could be worked out for every row the
 * list sorts, not just the page it keeps.
 */
export async function withUnread<R extends { id: string }>(
  db: Kysely<Database>,
  userId: string,
  rows: readonly R[],
): Promise<(R & { unread: boolean })[]> {
  if (rows.length === 0) return [];
  const unread = await db
    .selectFrom('cases')
    .select('id')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where(unreadFor(userId))
    .execute();
  const ids = new Set(unread.map((r) => r.id));
  return rows.map((r) => ({ ...r, unread: ids.has(r.id) }));
}

/**
 * Opening a case marks it read as of `readAt` (never later than now, never moving an earlier
 * mark's later time back), so the same mark sent twice, or two devices' marks in any order,
 * end the same. Another dealer's case answers 404.
 */
export async function markCaseRead(
  db: Kysely<Database>,
  user: User,
  caseId: string,
  readAt: string,
): Promise<{ id: string; readAt: string }> {
  await visibleCase(db, user, caseId);
  const at = sql<Date>`least(${new Date(readAt)}::timestamptz, now())`;
  const row = await db
    .insertInto('case_reads')
    .values({ user_id: user.id, case_id: caseId, read_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'case_id']).doUpdateSet({
        read_at: sql<Date>`greatest(case_reads.read_at, excluded.read_at)`,
      }),
    )
    .returning('read_at')
    .executeTakeFirstOrThrow();
  return { id: caseId, readAt: new Date(row.read_at).toISOString() };
}

/**
 * The caller's unread cases among those of its case list (a dealer's user: its organisation's
 * cases; an internal user: the records it submitted or owns), newest reply first, with the
 * count of them all.
 */
export async function unreadCases(db: Kysely<Database>, user: User): Promise<UnreadCasesResponse> {
  if (user.kind !== 'internal' && !user.accountId) return { count: 0, cases: [] };
  const latest = latestReplyOf(user.id, 'c');
  // The count of them all comes with the first rows: the rest never leave the database.
  const rows = await db
    .selectFrom('cases as c')
    .leftJoin('case_reads as r', (join) =>
      join.onRef('r.case_id', '=', 'c.id').on('r.user_id', '=', user.id),
    )
    .select('c.id')
    .select(latest.as('latest_reply_at'))
    .select(sql<string>`count(*) OVER ()`.as('total'))
    .where(caseVisibleTo(user, 'c'))
    .where((eb) =>
      user.kind === 'internal'
        ? eb.or([eb('c.submitted_by', '=', user.id), eb('c.owner_id', '=', user.id)])
        : eb('c.account_id', '=', user.accountId!),
    )
    .where(repliedAfter(latest, sql<Date | null>`r.read_at`))
    .orderBy('latest_reply_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(UNREAD_CASES_MAX)
    .execute();
  return {
    count: Number(rows[0]?.total ?? 0),
    cases: rows.map((r) => ({
      id: r.id,
      latestReplyAt: new Date(r.latest_reply_at!).toISOString(),
    })),
  };
}
