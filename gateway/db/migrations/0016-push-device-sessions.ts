import { sql, type Kysely } from 'kysely';

// Push devices belong to the session that registered them, so signing out removes that
// browser's registration, and a user's devices can be counted and capped by age.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  // The sessions row id (a hash of the token). No foreign key: a session that merely expires
  // keeps its devices; only a sign-out removes them.
  await sql`ALTER TABLE push_devices ADD COLUMN session_id text`.execute(db);
  await sql`CREATE INDEX push_devices_session ON push_devices (session_id)`.execute(db);
  await sql`CREATE INDEX push_devices_user ON push_devices (user_id, created_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS push_devices_user`.execute(db);
  await sql`DROP INDEX IF EXISTS push_devices_session`.execute(db);
  await sql`ALTER TABLE push_devices DROP COLUMN IF EXISTS session_id`.execute(db);
}
