import { sql, type Kysely } from 'kysely';

// When each user last opened each case: a case whose feed has entries from anyone else newer
// than this is unread for that user. Per user, so it holds on every device they sign in on.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE case_reads (
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      case_id text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, case_id)
    )`.execute(db);
  await sql`CREATE INDEX case_reads_case ON case_reads (case_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS case_reads`.execute(db);
}
