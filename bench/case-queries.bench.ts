// The gateway's case reads on the large demo set (100,000 machines and 200,000 cases, a feed on
// one case in eight), PostgreSQL beside PGlite. Seeds a fresh database on each, then times,
// through the services the routes run:
//   - the dealer's case list (GET /api/v1/cases, 100 a page with its total): the demo dealer
//     technician's first page, and the first page of random dealers' technicians;
//   - the next pages of a list (the cursor of the page before);
//   - an internal user's list (the cases they submitted or own): sam's first page (the longest
//     list), the first page of each demo internal user in turn, and their next pages;
//   - a case with its feed (GET /api/v1/cases/:id, then /feed): random cases that carry a feed,
//     as their dealer's technician, and the long case (200 items, 60 images);
//   - unread replies (GET /api/v1/cases/unread): Northfield, random dealers, and a dealer with
//     5,000 cases, for a technician who has opened none of them (every reply counts).
// Goal (docs/architecture.md "Performance targets"): p95 under 20 ms on PostgreSQL.
//   BENCH_PG_URL    server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_READS     timed reads per row (default 500)
//   BENCH_SKIP      'pglite' or 'postgres' to run one side only
import { sql } from 'kysely';
import type { User } from '../contract/user';
import type { Db } from '../gateway/db/connect';
import { migrateToLatest } from '../gateway/db/migrate';
import { LONG_CASE_ID } from '../gateway/seed/cases';
import { DEMO_USERS, NORTHFIELD_ID } from '../gateway/seed/fixed';
import { mulberry32 } from '../gateway/seed/prng';
import { seedDemoData } from '../gateway/seed/seed';
import { caseDetail } from '../gateway/services/case-detail';
import { caseFeed } from '../gateway/services/case-feed';
import { dealerCases } from '../gateway/services/case-lists';
import { unreadCases } from '../gateway/services/case-reads';
import { findUserById } from '../gateway/services/users';
import { onBothDatabases, percentiles, type Percentiles } from './databases';
import { ms } from './support';

const reads = Number(process.env.BENCH_READS ?? 500);
/** The dealer the unread goal names: 5,000 cases. */
const BIG_DEALER_CASES = 5_000;

interface Row extends Percentiles {
  label: string;
  n: number;
}

interface Result {
  name: string;
  seedMs: number;
  cases: number;
  rows: Row[];
}

async function timed(label: string, n: number, run: (i: number) => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < Math.min(20, n); i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  return { label, n, ...percentiles(times) };
}

/** An external user of a dealer, as the session would carry it for its technician. */
function technicianOf(template: User, accountId: string): User {
  return { ...template, accountId };
}

async function measure(name: string, db: Db): Promise<Result> {
  await migrateToLatest(db.kysely);
  const t0 = performance.now();
  await seedDemoData(db.kysely, 'large', 'torque');
  const seedMs = performance.now() - t0;
  // As after a restore or a day of autovacuum: planner statistics and the visibility map.
  await sql`VACUUM ANALYZE`.execute(db.kysely);

  const danaId = DEMO_USERS.find((u) => u.accountId === NORTHFIELD_ID && !u.isAdmin)!.id;
  const dana = (await findUserById(db.kysely, danaId))!;
  if (dana.kind !== 'external') throw new Error('the demo dealer technician is not external');
  // The demo's internal users (the seed's only submitters and owners beside the technicians);
  // sam's list is the longest: reports submitted and one case in ten owned.
  const internal = (await Promise.all(DEMO_USERS.map((u) => findUserById(db.kysely, u.id)))).filter(
    (u): u is User => u?.kind === 'internal',
  );
  const sam = internal.find((u) => u.id === DEMO_USERS[0]!.id);
  if (!sam) throw new Error('the demo staff user is not internal');
  const { n: cases } = await db.kysely
    .selectFrom('cases')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();

  // The same draws on both databases: a fixed PRNG over ordered ids.
  const next = mulberry32(11);
  const dealers = (
    await db.kysely
      .selectFrom('cases')
      .select('account_id')
      .distinct()
      .where('record_type', '=', 'Case')
      .where('account_id', 'is not', null)
      .orderBy('account_id')
      .execute()
  ).map((r) => r.account_id!);
  const randomDealers = Array.from(
    { length: reads },
    () => dealers[Math.floor(next() * dealers.length)]!,
  );
  const withFeed = await db.kysely
    .selectFrom('cases as c')
    .select(['c.id', 'c.account_id'])
    .where('c.account_id', 'is not', null)
    // Cases only: a dealer's technician reaches no report, not even its own organisation's.
    .where('c.record_type', '=', 'Case')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('case_feed_items as f').select('f.id').whereRef('f.case_id', '=', 'c.id')),
    )
    .orderBy('c.id')
    .execute();
  const randomCases = Array.from(
    { length: reads },
    () => withFeed[Math.floor(next() * withFeed.length)]!,
  );

  // Cursors of Dana's pages 2..n, and of random dealers' second pages, gathered untimed.
  const cursors: { user: User; after: string }[] = [];
  let after: string | undefined;
  do {
    const page = await dealerCases(db.kysely, dana, { limit: 100, after });
    after = page.next ?? undefined;
    if (after) cursors.push({ user: dana, after });
  } while (after);
  for (const accountId of randomDealers.slice(0, 100)) {
    const user = technicianOf(dana, accountId);
    const page = await dealerCases(db.kysely, user, { limit: 100 });
    if (page.next) cursors.push({ user, after: page.next });
  }
  // The internal users' pages 2..n, a hundred of the longest at most.
  const internalCursors: { user: User; after: string }[] = [];
  for (const user of internal) {
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await dealerCases(db.kysely, user, { limit: 100, after });
      after = page.next ?? undefined;
      if (after) internalCursors.push({ user, after });
    } while (after && ++pages < 100);
  }

  const biggest = await db.kysely
    .selectFrom('cases')
    .select(['account_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('record_type', '=', 'Case')
    .where('account_id', 'is not', null)
    .groupBy('account_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

  const caseWithFeed = async (user: User, id: string) => {
    await caseDetail(db.kysely, user, id);
    return caseFeed(db.kysely, user, id);
  };

  const rows = [
    await timed('list: Northfield, first page', reads, () =>
      dealerCases(db.kysely, dana, { limit: 100 }),
    ),
    await timed('list: random dealers, first page', reads, (i) =>
      dealerCases(db.kysely, technicianOf(dana, randomDealers[i]!), { limit: 100 }),
    ),
    await timed('list: next pages', reads, (i) => {
      const c = cursors[i % cursors.length]!;
      return dealerCases(db.kysely, c.user, { limit: 100, after: c.after });
    }),
    await timed('list: sam (internal), first page', reads, () =>
      dealerCases(db.kysely, sam, { limit: 100 }),
    ),
    await timed('list: internal users, first page', reads, (i) =>
      dealerCases(db.kysely, internal[i % internal.length]!, { limit: 100 }),
    ),
    await timed('list: internal users, next pages', reads, (i) => {
      const c = internalCursors[i % internalCursors.length]!;
      return dealerCases(db.kysely, c.user, { limit: 100, after: c.after });
    }),
    await timed('case + feed: random cases', reads, async (i) => {
      const c = randomCases[i]!;
      const items = await caseWithFeed(technicianOf(dana, c.account_id!), c.id);
      if (items.length === 0) throw new Error('a case with a feed came back without one');
    }),
    await timed('case + feed: the long case', Math.min(reads, 200), () =>
      caseWithFeed(dana, LONG_CASE_ID),
    ),
    await timed('unread: Northfield', reads, () => unreadCases(db.kysely, dana)),
    await timed('unread: random dealers', reads, (i) =>
      unreadCases(db.kysely, technicianOf(dana, randomDealers[i]!)),
    ),
  ];
  // The goal's dealer has 5,000 cases, more than any demo dealer: the biggest one is given other
  // dealers' cases (and their feeds) up to that, after every other read is timed.
  await sql`UPDATE cases SET account_id = ${biggest.account_id}
             WHERE id IN (SELECT id FROM cases
                           WHERE record_type = 'Case' AND account_id <> ${biggest.account_id}
                           ORDER BY id LIMIT ${BIG_DEALER_CASES - Number(biggest.n)})`.execute(
    db.kysely,
  );
  rows.push(
    await timed(`unread: a dealer with ${BIG_DEALER_CASES} cases`, reads, () =>
      unreadCases(db.kysely, technicianOf(dana, biggest.account_id!)),
    ),
  );
  return { name, seedMs, cases: Number(cases), rows };
}

const results = await onBothDatabases(measure);

console.log(
  `case reads through the gateway's services, large demo set; ${reads} timed reads a row`,
);
console.log(
  'database       cases  seed (large)  read                                  p50       p95       p99       max',
);
for (const r of results) {
  if (typeof r === 'string') {
    console.log(r);
    continue;
  }
  const head = `${r.name.padEnd(12)} ${String(r.cases).padStart(7)}  ${ms(r.seedMs).padStart(12)}`;
  r.rows.forEach((row, i) => {
    const figures = [row.p50, row.p95, row.p99, row.max]
      .map((v) => `${v.toFixed(1)} ms`.padStart(9))
      .join(' ');
    console.log(`${i === 0 ? head : ' '.repeat(head.length)}  ${row.label.padEnd(34)} ${figures}`);
  });
}
