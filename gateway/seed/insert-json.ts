import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Rows per statement: one JSON parameter of a few MB at most. */
const BATCH = 5000;

/**
 * Inserts rows through one JSON parameter per batch (json_populate_recordset): a million
 * small rows would mean tens of millions of bound parameters otherwise, which is what makes
 * big multi-row INSERTs slow on PGlite. Column names are ours, never user input.
 */
export async function insertJson(
  db: Kysely<Database>,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(rows.slice(i, i + BATCH));
    await sql`
      INSERT INTO ${sql.table(table)} (${list})
      SELECT ${list} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`.execute(
      db,
    );
  }
}
