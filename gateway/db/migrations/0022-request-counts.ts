import { sql, type Kysely } from 'kysely';

// Per-user request limits, counted where every gateway copy sees them: one row per limit and
// user, holding the current fixed window's start and count. UNLOGGED: a count lost in a crash
// only gives its users a fresh window, and skipping the WAL keeps the write that every signed-in
// request makes cheap.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE request_counts (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      count integer NOT NULL
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS request_counts`.execute(db);
}
