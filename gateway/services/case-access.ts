import type { Kysely } from 'kysely';
import { CASE_NOT_FOUND_MESSAGE } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

/** Case, feed item and file ids: the CRM's alphanumerics (anything else is not one of ours). */
const ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;

/** A malformed id is bad input (400); the screen says the same as for a missing case. */
export function caseIdOf(raw: unknown): string {
  if (typeof raw !== 'string' || !ID_PATTERN.test(raw)) {
    throw new HttpError(400, CASE_NOT_FOUND_MESSAGE);
  }
  return raw;
}

export function caseNotFound(): HttpError {
  return new HttpError(404, CASE_NOT_FOUND_MESSAGE);
}

/**
 * DECISIONS: a dealer sees only its own organisation's records, internal users see all. The
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
