// Notification dashboard dry run (product §2 Notification dashboard, Validate): the recipient
// count over 100,000 contacts for each filter field and operator, and a combination.
// Goal: p95 under 50 ms on PostgreSQL.
import { sql } from 'kysely';
import { sendRequestSchema, type Conditional } from '../contract/notifications';
import { migrateToLatest } from '../gateway/db/migrate';
import { countRecipients } from '../gateway/services/broadcasts';
import { onBothDatabases, percentiles } from './databases';
import { ms } from './support';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const DEALERS = 2_000;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 20);
const DIVISIONS = ['AG', 'CE', 'HAY'];
const SERIES = ['M7', 'T7', 'T8', 'MAGNUM', 'PUMA', 'SV', 'MX', 'L3'];

const filters: Conditional[][] = [
  [],
  [{ field: 'Division__c', operator: 'Equals', value: 'ag' }],
  [{ field: 'AccountNumber', operator: 'Equals', value: 'D10017' }],
  [{ field: 'AccountNumber', operator: 'Is any', value: 'D10017, D10444, d11999' }],
  [{ field: 'Contract_Series__c', operator: 'Includes', value: 'm7,t8' }],
  [{ field: 'Platform', operator: 'Equals', value: 'PWA' }],
  [
    { field: 'Division__c', operator: 'Equals', value: 'CE' },
    { field: 'Contract_Series__c', operator: 'Includes', value: 'SV' },
    { field: 'AccountNumber', operator: 'Is any', value: 'D10017,D10018,D10019' },
  ],
];
const parsed = filters.map(
  (conditionals) =>
    sendRequestSchema.parse({
      execute: false,
      conditionals,
      message: { type: 'Machine', title: 't', body: 'b', modelNumber: 'm', serialNumber: 's' },
    }).conditionals,
);

const results = await onBothDatabases(async (name, db) => {
  await migrateToLatest(db.kysely);
  const t = performance.now();
  // Built by the database itself: 100,000 rows in a few statements on both engines.
  await sql`
    INSERT INTO accounts (id, name, account_number, record_type)
    SELECT 'A' || g, 'Dealer ' || g, 'D' || (10000 + g), 'Dealer'
    FROM generate_series(1, ${DEALERS}) g`.execute(db.kysely);
  await sql`
    INSERT INTO contacts (id, account_id, first_name, last_name, division, contract_series)
    SELECT 'C' || g, 'A' || (1 + g % ${DEALERS}), 'F' || g, 'L' || g,
      (${DIVISIONS}::text[])[1 + g % 3],
      ARRAY[(${SERIES}::text[])[1 + g % 8], (${SERIES}::text[])[1 + (g / 8) % 8]]
    FROM generate_series(1, ${CONTACTS}) g`.execute(db.kysely);
  // A device for one contact in ten (users stand behind them).
  await sql`
    INSERT INTO users (id, username, first_name, last_name, account_id, contact_id, is_admin, is_demo)
    SELECT 'U' || g, 'u' || g || '@b.example', 'F', 'L', 'A' || (1 + g % ${DEALERS}), 'C' || g, false, false
    FROM generate_series(1, ${CONTACTS}, 10) g`.execute(db.kysely);
  await sql`
    INSERT INTO push_devices (id, user_id, contact_id, platform, endpoint, p256dh, auth)
    SELECT 'P' || g, 'U' || g, 'C' || g, 'PWA', 'https://push.example/' || g, 'k', 'a'
    FROM generate_series(1, ${CONTACTS}, 10) g`.execute(db.kysely);
  await sql`ANALYZE`.execute(db.kysely);
  const seedMs = performance.now() - t;
  const counts = [];
  for (const c of parsed) counts.push(await countRecipients(db.kysely, c)); // warm-up
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of parsed) {
      const s = performance.now();
      await countRecipients(db.kysely, c);
      times.push(performance.now() - s);
    }
  }
  return { name, seedMs, counts, ...percentiles(times) };
});

console.log(
  `dry-run recipient count, ${CONTACTS} contacts over ${DEALERS} dealers, ${filters.length} filters x ${ROUNDS}`,
);
console.log('database     seed          p50      p95      p99      max   counts');
for (const r of results) {
  if (typeof r === 'string') {
    console.log(r);
    continue;
  }
  console.log(
    `${r.name.padEnd(12)} ${ms(r.seedMs).padStart(8)}  ${[r.p50, r.p95, r.p99, r.max]
      .map((v) => `${v.toFixed(2)} ms`.padStart(8))
      .join(' ')}   ${r.counts.join(', ')}`,
  );
}
