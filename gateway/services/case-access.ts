import { sql, type Expression, type SqlBool } from 'kysely';
import type { Kysely } from 'kysely';
import { CASE_NOT_FOUND_MESSAGE } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

export function caseNotFound(): HttpError {
  return new HttpError(404, CASE_NOT_FOUND_MESSAGE);
}

/**
 * The one rule for which rows of `cases` a user may reach, by any path (detail, feed, files,
 * thumbnails, updates, lists, machine records): docs/product.md §6. Internal users reach every
 * case and report. An external user reaches only its own organisation's cases: reports are
 * internal records, and an external user without an organisation owns nothing. A row outside
 * the rule answers as if it did not exist.
 *
 * `table` is the name or alias the query gives `cases`. Every query that reads a case row for
 * a user filters with this, so the database never hands back a row the user may not see.
 */
export function caseVisibleTo(user: User, table = 'cases'): Expression<SqlBool> {
  if (user.kind === 'internal') return sql<SqlBool>`true`;
  if (!user.accountId) return sql<SqlBool>`false`;
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`(${column('account_id')} = ${user.accountId} AND ${column('record_type')} = ${'Case'})`;
}

/** The case (or report) if this user may see it; 404 otherwise, never its data. */
export async function visibleCase(
  db: Kysely<Database>,
  user: User,
  id: string,
): Promise<{ id: string; account_id: string | null; status: string }> {
  const row = await db
    .selectFrom('cases')
    .select(['id', 'account_id', 'status'])
    .where('id', '=', id)
    .where(caseVisibleTo(user))
    .executeTakeFirst();
  if (!row) throw caseNotFound();
  return row;
}
