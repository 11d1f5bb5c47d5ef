import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type AuditAction =
  | 'sign-in'
  | 'logout'
  | 'token-refused'
  | 'idp-login-failed'
  | 'dcu-pairing'
  | 'master-key'
  /** A lookup refused by the rate limit: audited, but not counted against the limit. */
  | 'master-key-refused';

/** Appends one audit row. Detail must not hold secrets (no tokens, no passwords). */
export async function audit(
  db: Kysely<Database>,
  action: AuditAction,
  userId: string | null,
  subject: string | null,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      action,
      user_id: userId,
      subject,
      detail: detail === null ? null : JSON.stringify(detail),
    })
    .execute();
}
