import { sql, type Kysely } from 'kysely';

// DCU (telematics unit) pairing and the keyless master key, plus what idempotentWrite()
// needs: one owner per key across users, and the per-user rate limit count.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  // A key belongs to one user: the same key from another user is refused (409), and the
  // unique index is what a concurrent duplicate blocks on until the first write commits.
  await sql`CREATE UNIQUE INDEX idempotency_keys_key ON idempotency_keys (key)`.execute(db);
  await sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`.execute(db);
  // Per-user rate limits (master key lookups) count one action of one user in a window.
  await sql`CREATE INDEX audit_log_action_user_at ON audit_log (action, user_id, at)`.execute(db);

  await sql`
    CREATE TABLE dcu_units (
      imei text PRIMARY KEY CHECK (imei ~ '^[0-9]{15}$'),
      part_number text NOT NULL,
      last_report_at timestamptz
    )`.execute(db);

  // Every pairing ever committed (history); the current pairing is machines.imei (unique, 0004).
  await sql`
    CREATE TABLE dcu_pairings (
      id text PRIMARY KEY,
      imei text NOT NULL REFERENCES dcu_units(imei),
      machine_id text NOT NULL REFERENCES machines(id),
      paired_by text REFERENCES users(id) ON DELETE SET NULL,
      paired_at timestamptz NOT NULL DEFAULT now(),
      dcu_part_number text NOT NULL,
      usage_hours text,
      pin text NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX dcu_pairings_imei ON dcu_pairings (imei, paired_at)`.execute(db);
  await sql`CREATE INDEX dcu_pairings_machine ON dcu_pairings (machine_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS dcu_pairings`.execute(db);
  await sql`DROP TABLE IF EXISTS dcu_units`.execute(db);
  await sql`DROP INDEX IF EXISTS audit_log_action_user_at`.execute(db);
  await sql`DROP INDEX IF EXISTS idempotency_keys_created`.execute(db);
  await sql`DROP INDEX IF EXISTS idempotency_keys_key`.execute(db);
}
