import { sql, type Kysely } from 'kysely';

// ID tokens already exchanged for a session (sha256 of the token), kept until they expire:
// a token is good for one session only, so one that leaks later opens nothing.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE used_id_tokens (
      token_hash text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX used_id_tokens_expires ON used_id_tokens (expires_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE used_id_tokens`.execute(db);
}
