import { sql, type Kysely } from 'kysely';

// Claims gain what the parts prediction learns from: the parts each repair used and its labour.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE machine_claims
      ADD COLUMN parts jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN labour_hours numeric`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE machine_claims DROP COLUMN IF EXISTS labour_hours, DROP COLUMN IF EXISTS parts`.execute(
    db,
  );
}
