import type { Kysely } from 'kysely';
import { CASE_NOT_FOUND_MESSAGE } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

export function caseNotFound(): HttpError {
  return new HttpError(404, CASE_NOT_FOUND_MESSAGE);
}

/**
 * docs/product.md: a dealer sees only its own organisation's records, internal users see all. The
 * organisation of an external user without one owns nothing.
 */
export function mayRead(user: User, accountId: string | null): boolean {
  if (user.kind === 'internal') return true;
  return Boolean(user.accountId) && accountId === user.accountId;
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
    .executeTakeFirst();
  if (!row || !mayRead(user, row.account_id)) throw caseNotFound();
  return row;
}
