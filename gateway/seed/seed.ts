import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../services/passwords';
import { seedDcuUnits } from './dcu';
import { DEMO_USERS } from './fixed';
import { generateDemoData, type DemoSize } from './generate';
import { seedKnowledge } from './knowledge';
import { seedMachines } from './machine-insert';
import { seedNotifications } from './notifications';
import { seedPredictionOutcomes } from './prediction-outcomes';
import { seedWizardData } from './wizard';

const BATCH = 1000;
const DAY_MS = 86_400_000;
/** The advisory lock the seed is written under (any text: hashed to the lock's key). */
const SEED_LOCK = 'torque:seed';

/** Big inserts go in batches: one statement per 1,000 rows keeps both databases fast. */
function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/** True once the demo data (or an operator's own data) exists: seeding runs on first start only. */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts the demo network and the five demo users, in one transaction, unless the data is
 * there: null then. The check and the inserts hold a transaction-scoped advisory lock, as
 * Kysely's migrator does for the migrations, so a second gateway starting on the same empty
 * database waits for the first's seed and then finds it.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  size: DemoSize,
  demoPassword: string,
): Promise<{ accounts: number; contacts: number; users: number } | null> {
  const data = generateDemoData(size);
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(demoPassword)));
  const now = Date.now();
  const seeded = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`.execute(trx);
    if (await isSeeded(trx)) return false;
    // Dealers before their customers: the generator emits them in that order.
    for (const b of batches(data.accounts)) await trx.insertInto('accounts').values(b).execute();
    for (const b of batches([...DEMO_USERS.map((u) => u.contact), ...data.contacts])) {
      await trx.insertInto('contacts').values(b).execute();
    }
    await trx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u, i) => ({
          id: u.id,
          username: u.username,
          first_name: u.firstName,
          last_name: u.lastName,
          user_type: u.userType,
          account_id: u.accountId,
          contact_id: u.contact.id,
          is_admin: u.isAdmin,
          password_hash: hashes[i]!,
          password_expires_at: new Date(now + u.passwordExpiresInDays * DAY_MS),
          is_demo: true,
        })),
      )
      .execute();
    // The machine inventory stands on the dealers and customers above.
    await seedMachines(trx, size, data.accounts, data.contacts);
    // DCU units after the machines: every paired machine's unit exists.
    await seedDcuUnits(trx);
    // Articles, manuals and the bulletins of the campaigns the machines above carry.
    await seedKnowledge(trx, size);
    // Contact filter attributes and demo messages point at the machines and cases above.
    await seedNotifications(trx);
    // The wizard's DTC values, parts books and the CRM items case assist leaves out.
    await seedWizardData(trx);
    // Past predictions scored against the claims above.
    await seedPredictionOutcomes(trx);
    return true;
  });
  if (!seeded) return null;
  return {
    accounts: data.accounts.length,
    contacts: data.contacts.length + DEMO_USERS.length,
    users: DEMO_USERS.length,
  };
}

/**
 * Demo password expiries are relative to the server start, so the home banners (10 and
 * 160 days) always show for dana and sam however long ago the data was seeded.
 */
export async function refreshDemoPasswordExpiry(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  for (const u of DEMO_USERS) {
    await db
      .updateTable('users')
      .set({ password_expires_at: new Date(now + u.passwordExpiresInDays * DAY_MS) })
      .where('id', '=', u.id)
      .where('is_demo', '=', true)
      .execute();
  }
}

/** The demo accounts, for the start-up banner: the seed's one entry is all the gateway imports. */
export { DEMO_USERS };
