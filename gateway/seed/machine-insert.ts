import { sql, type Kysely } from 'kysely';
import type { Database, NewAccount, NewContact } from '../db/schema';
import { seedCaseFeeds } from './case-feeds';
import { completeCaseRows } from './cases';
import type { DemoSize } from './generate';
import type { MachineRows } from './machine-rows';
import { insertJson } from './insert-json';
import { generateMachineData } from './machines';

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
