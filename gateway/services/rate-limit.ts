import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuditAction } from './audit';

export interface RateLimit {
  action: AuditAction;
  max: number;
  windowMs: number;
  /**
   * What is counted: audit rows with this `subject` (default; e.g. failed sign-ins per email)
   * or with this `user_id` (e.g. master key lookups per user, whatever serial they asked for).
   */
  by?: 'subject' | 'user';
}

/** What a count is narrowed to besides the subject: audit rows whose detail has this value. */
export type DetailMatch = Record<string, string>;

/**
 * Whether `subject` (or the user, see RateLimit.by; null: anyone) has used up `limit` in the
 * sliding window, counting only audit rows whose detail matches `detail`.
 * Counted from the audit log, not memory, so the limit holds across several gateway copies
 * and restarts.
 */
export async function isLimited(
  db: Kysely<Database>,
  limit: RateLimit,
  subject: string | null,
  detail: DetailMatch = {},
): Promise<boolean> {
  const since = new Date(Date.now() - limit.windowMs);
  let query = db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('action', '=', limit.action)
    .where('at', '>', since);
  if (subject !== null)
    query = query.where(limit.by === 'user' ? 'user_id' : 'subject', '=', subject);
  for (const [key, value] of Object.entries(detail)) {
    query = query.where(sql<string>`detail ->> ${key}`, '=', value);
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n) >= limit.max;
}

/**
 * When a limited subject may act again: the moment the max-th newest counted action leaves the
 * window. Null when it is not limited.
 */
export async function limitLiftsAt(
  db: Kysely<Database>,
  limit: RateLimit,
  subject: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('at')
    .where('action', '=', limit.action)
    .where(limit.by === 'user' ? 'user_id' : 'subject', '=', subject)
    .where('at', '>', new Date(Date.now() - limit.windowMs))
    .orderBy('at', 'desc')
    .offset(limit.max - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(new Date(row.at).getTime() + limit.windowMs) : null;
}
