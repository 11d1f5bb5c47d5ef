import { sql, type Kysely } from 'kysely';

// Rate limits count recent audit rows of one action for one subject (failed sign-ins per
// email now, master-key lookups per user later): this index answers those counts.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX audit_log_action_subject_at ON audit_log (action, subject, at)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX audit_log_action_subject_at`.execute(db);
}
