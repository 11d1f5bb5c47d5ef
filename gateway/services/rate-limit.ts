import type { Kysely } from 'kysely';
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

/**
 * Whether `subject` (or the user, see RateLimit.by) has used up `limit` in the sliding window.
 * Counted from the audit log, not memory, so the limit holds across several gateway copies
 * and restarts.
 */
export async function isLimited(
  db: Kysely<Database>,
  limit: RateLimit,
  subject: string,
): Promise<boolean> {
  const since = new Date(Date.now() - limit.windowMs);
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('action', '=', limit.action)
    .where(limit.by === 'user' ? 'user_id' : 'subject', '=', subject)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n) >= limit.max;
}
