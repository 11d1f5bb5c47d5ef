import { sql, type Kysely } from 'kysely';

// Exactly-once pushes (docs/gateway.md "Notifications"): a push is claimed ('sending', by one
// gateway copy, committed) before its request leaves and is never claimed again, so neither a
// second copy nor a restart after a crash can send it twice. One row per (message, device).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE push_deliveries DROP CONSTRAINT IF EXISTS push_deliveries_status_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_status_check
      CHECK (status IN ('pending', 'sending', 'sent', 'failed'))`.execute(db);
  await sql`ALTER TABLE push_deliveries ADD COLUMN claimed_by text`.execute(db);
  await sql`ALTER TABLE push_deliveries ADD COLUMN claimed_at timestamptz`.execute(db);
  await sql`
    CREATE UNIQUE INDEX push_deliveries_once ON push_deliveries (notification_id, device_id)`.execute(
    db,
  );
  // The sweep of claims whose copy died reads only these.
  await sql`
    CREATE INDEX push_deliveries_sending ON push_deliveries (claimed_at)
      WHERE status = 'sending'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS push_deliveries_sending`.execute(db);
  await sql`DROP INDEX IF EXISTS push_deliveries_once`.execute(db);
  await sql`UPDATE push_deliveries SET status = 'failed' WHERE status = 'sending'`.execute(db);
  await sql`ALTER TABLE push_deliveries DROP COLUMN IF EXISTS claimed_at`.execute(db);
  await sql`ALTER TABLE push_deliveries DROP COLUMN IF EXISTS claimed_by`.execute(db);
  await sql`ALTER TABLE push_deliveries DROP CONSTRAINT IF EXISTS push_deliveries_status_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_status_check
      CHECK (status IN ('pending', 'sent', 'failed'))`.execute(db);
}
