import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { PREDICTION_LOAD_FAILED_MESSAGE } from '../../contract/predictions';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

export function predictionNotFound(): HttpError {
  return new HttpError(404, PREDICTION_LOAD_FAILED_MESSAGE);
}

/**
 * The one rule for which predictions a user may reach, by any path (by id, lists, a case's,
 * the link): docs/product.md §6. Internal users reach every prediction; an external user only
 * its own organisation's, and one without an organisation none. A row outside the rule answers
 * as if it did not exist.
 */
export function predictionVisibleTo(user: User, table = 'predictions'): Expression<SqlBool> {
  if (user.kind === 'internal') return sql<SqlBool>`true`;
  if (!user.accountId) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(`${table}.account_id`)} = ${user.accountId}`;
}

/** The prediction's id if this user may see it; 404 otherwise. */
export async function visiblePrediction(
  db: Kysely<Database>,
  user: User,
  id: string,
): Promise<{ id: string; case_id: string | null }> {
  const row = await db
    .selectFrom('predictions')
    .select(['id', 'case_id'])
    .where('id', '=', id)
    .where(predictionVisibleTo(user))
    .executeTakeFirst();
  if (!row) throw predictionNotFound();
  return row;
}
