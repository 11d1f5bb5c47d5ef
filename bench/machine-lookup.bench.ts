// Machine lookup by model + serial on the large demo set (100,000 machines with their
// campaigns, policies, claims, fault codes and components), PostgreSQL beside PGlite.
// Seeds a fresh database on each (a new database on the local PostgreSQL server, a temp dir
// for PGlite), prints the seed time, then times ~1,000 lookups of random existing machines
// through the gateway's lookup service (the same single query the route runs).
// Goal (docs/architecture.md "Performance targets"): p95 under 20 ms on PostgreSQL.
//   BENCH_PG_URL   server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_LOOKUPS  number of timed lookups (default 1000)
//   BENCH_SKIP     'pglite' or 'postgres' to run one side only
import type { Db } from '../gateway/db/connect';
import { migrateToLatest } from '../gateway/db/migrate';
import { seedDemoData } from '../gateway/seed/seed';
import { mulberry32 } from '../gateway/seed/prng';
import { lookupMachine } from '../gateway/services/machine-lookup';
import { onBothDatabases, percentiles, type Percentiles } from './databases';
import { ms } from './support';

const lookups = Number(process.env.BENCH_LOOKUPS ?? 1000);

interface Result extends Percentiles {
  name: string;
  seedMs: number;
  machines: number;
}

async function measure(name: string, db: Db): Promise<Result> {
  await migrateToLatest(db.kysely);
  let t = performance.now();
  await seedDemoData(db.kysely, 'large', 'torque');
  const seedMs = performance.now() - t;
  const all = await db.kysely
    .selectFrom('machines')
    .select(['material_number', 'serial_number'])
    .orderBy('id')
    .execute();
  // The same machines on both databases: a fixed PRNG over the (deterministic) inventory.
  const next = mulberry32(7);
  const sample = Array.from({ length: lookups }, () => all[Math.floor(next() * all.length)]!);
  for (const m of sample.slice(0, 50)) {
    await lookupMachine(db.kysely, { model: m.material_number, serial: m.serial_number });
  }
  const times: number[] = [];
  for (const m of sample) {
    t = performance.now();
    const found = await lookupMachine(db.kysely, {
      model: m.material_number.toLowerCase(),
      serial: m.serial_number,
    });
    times.push(performance.now() - t);
    if (found.serialNumber !== m.serial_number) throw new Error('lookup returned another machine');
  }
  return { name, seedMs, machines: all.length, ...percentiles(times) };
}

const results = await onBothDatabases(measure);

console.log(`machine lookup by model + serial, ${lookups} random machines, large demo set`);
console.log('database     machines  seed (large)    p50      p95      p99      max');
for (const r of results) {
  if (typeof r === 'string') {
    console.log(r);
    continue;
  }
  console.log(
    `${r.name.padEnd(12)} ${String(r.machines).padStart(8)}  ${ms(r.seedMs).padStart(12)}  ${[
      r.p50,
      r.p95,
      r.p99,
      r.max,
    ]
      .map((v) => `${v.toFixed(2)} ms`.padStart(8))
      .join(' ')}`,
  );
}
