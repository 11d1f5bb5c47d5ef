import { sql, type Kysely } from 'kysely';

// A prediction made offline is ranked again by the gateway, whose answer is the record's. What
// the device showed the technician is kept beside it, as that and nothing more.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE predictions ADD COLUMN device_combinations jsonb`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE predictions DROP COLUMN IF EXISTS device_combinations`.execute(db);
}
