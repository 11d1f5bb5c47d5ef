import { sql, type Kysely } from 'kysely';

// Parts predictions are records (product §3 Parts prediction): named PPD-000001 onwards, owned
// by the user who made them and by that user's organisation, optionally linked to a case.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE prediction_number_seq START 1`.execute(db);
  await sql`
    CREATE TABLE predictions (
      id text PRIMARY KEY,
      name text NOT NULL UNIQUE,
      model_number text NOT NULL,
      serial_number text NOT NULL,
      machine_id text REFERENCES machines(id) ON DELETE SET NULL,
      symptom text NOT NULL,
      combinations jsonb NOT NULL,
      ranked_on text NOT NULL CHECK (ranked_on IN ('gateway', 'device')),
      case_id text REFERENCES cases(id) ON DELETE SET NULL,
      user_id text REFERENCES users(id) ON DELETE SET NULL,
      created_by_name text NOT NULL,
      -- The organisation whose record it is (the user's account); null for a user without one.
      account_id text REFERENCES accounts(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // "My predictions", newest first; a case's predictions.
  await sql`
    CREATE INDEX predictions_user_created ON predictions (user_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX predictions_case ON predictions (case_id, created_at DESC)
    WHERE case_id IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS predictions`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS prediction_number_seq`.execute(db);
}
