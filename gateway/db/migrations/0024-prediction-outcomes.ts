import { sql, type Kysely } from 'kysely';

// What became of a prediction: where the causal part, once known (its linked case closed, or a
// claim for the same machine within 60 days), stood among the answers. Null until then.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE predictions
      ADD COLUMN outcome text CHECK (outcome IN ('hit1', 'hit3', 'hit5', 'miss')),
      ADD COLUMN outcome_part text,
      ADD COLUMN outcome_source text CHECK (outcome_source IN ('case', 'claim')),
      ADD COLUMN outcome_at timestamptz`.execute(db);
  // The settle looks only at predictions still waiting for their outcome.
  await sql`
    CREATE INDEX predictions_unsettled ON predictions (model_number, serial_number)
    WHERE outcome IS NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS predictions_unsettled`.execute(db);
  await sql`
    ALTER TABLE predictions
      DROP COLUMN IF EXISTS outcome, DROP COLUMN IF EXISTS outcome_part,
      DROP COLUMN IF EXISTS outcome_source, DROP COLUMN IF EXISTS outcome_at`.execute(db);
}
