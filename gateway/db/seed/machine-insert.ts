import { sql, type Kysely } from 'kysely';
import type { Database, NewAccount, NewContact } from '../schema';
import { seedCaseFeeds } from './case-feeds';
import { completeCaseRows } from './cases';
import type { DemoSize } from './generate';
import type { MachineRows } from './machine-rows';
import { generateMachineData } from './machines';

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

export async function insertMachineRows(db: Kysely<Database>, rows: MachineRows): Promise<void> {
  await insertJson(db, 'machines', rows.machines);
  await insertJson(db, 'machine_campaigns', rows.campaigns);
  await insertJson(db, 'machine_policies', rows.policies);
  await insertJson(db, 'machine_policy_usages', rows.usages);
  await insertJson(db, 'machine_claims', rows.claims);
  await insertJson(db, 'machine_fault_codes', rows.faultCodes);
  await insertJson(db, 'machine_components', rows.components);
  await insertJson(db, 'cases', rows.cases);
  // Fresh statistics now: without them the planner guesses hundreds of children per machine,
  // and on the large set a lookup's estimated cost crossed PostgreSQL's JIT threshold
  // (3 s of JIT compilation for a 1 ms query) until autovacuum got round to it.
  for (const table of [
    'accounts',
    'machines',
    'machine_campaigns',
    'machine_policies',
    'machine_policy_usages',
    'machine_claims',
    'machine_fault_codes',
    'machine_components',
    'cases',
  ]) {
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}

/**
 * Seeds the machine inventory on top of the dealer network (`accounts` as generated, already
 * inserted). Runs inside seedDemoData's transaction.
 */
export async function seedMachines(
  db: Kysely<Database>,
  size: DemoSize,
  accounts: readonly NewAccount[],
  contacts: readonly NewContact[],
): Promise<{ machines: number }> {
  const rows = generateMachineData(size, accounts);
  completeCaseRows(rows, size, accounts, contacts);
  await insertMachineRows(db, rows);
  await seedCaseFeeds(db, rows.cases, size === 'small');
  return { machines: rows.machines.length };
}
