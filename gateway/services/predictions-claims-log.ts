import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The newest claim id of a claims version (`count:newest`, as the engine reads it). */
const newestOf = (version: string) => version.split(':')[1] ?? '0';

/**
 * Names in the change log the models whose claims an engine just learned (the claims after the
 * newest the engine it replaced had read), so devices keeping those models' offline claims ask
 * for them again (docs/architecture.md "Changes since a cursor").
 *
 * Logged when this gateway has learned them rather than by a trigger when they are stored: the
 * bundle's ETag changes only once an engine is built over them, so a device told at the insert
 * would ask, get a 304 and not hear of them again. Each gateway on the database logs its own
 * learning; a device told twice asks twice, and the second costs a 304. `scope` is left empty:
 * any signed-in user may keep any model's claims, so every waiting device is concerned.
 */
export async function logLearnedClaims(
  db: Kysely<Database>,
  before: string,
  after: string,
): Promise<void> {
  await sql`
    INSERT INTO change_log (area, record_id, scope)
    SELECT DISTINCT 'claims', m.material_number, NULL::text
      FROM machine_claims k JOIN machines m ON m.id = k.machine_id
     WHERE k.id > ${newestOf(before)}::bigint AND k.id <= ${newestOf(after)}::bigint`.execute(db);
}
