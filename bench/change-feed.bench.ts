// Devices holding the change feed open on one gateway process, on PostgreSQL, while cases
// change at a steady rate: how long from a commit to the answer of every device it concerns,
// and what another user's everyday request costs meanwhile.
//   BENCH_DEVICES   devices holding the feed (default 2000)
//   BENCH_PER_USER  devices a user has (default 2: a phone and a desk). The bench makes users of
//                   every dealer with cases, so a commit wakes that dealer's devices only, as in
//                   a real fleet; BENCH_PER_USER=1000 puts the fleet on the two demo dealer users,
//                   where every commit wakes half of it.
//   BENCH_RATE      commits per second (default 20), each to one random case of those dealers
//   BENCH_SECONDS   how long the commits go on (default 30)
//   BENCH_PG_URL    server to create the database on (bench/databases.ts)
//   BENCH_PORT      the gateway's port (default 8399)
// Printed: delivery p50/p99 (commit → a concerned device's answer), deliveries counted against
// those expected, and a dealer's case list p50/p99 meanwhile.
import type { Kysely } from 'kysely';
import pg from 'pg';
import { changesResponseSchema } from '../contract/changes';
import { openDb } from '../gateway/db/connect';
import { createSession, SESSION_COOKIE } from '../gateway/services/sessions';
import { findUserById } from '../gateway/services/users';
import { INTERNAL_USER_TYPE, type User } from '../contract/user';
import type { Database } from '../gateway/db/schema';
import { startGateway } from '../e2e/support/gateway';
import { onPostgresDatabase, percentiles } from './databases';
import { ms, NO_FAIR_USE_LIMITS } from './support';

const devices = Number(process.env.BENCH_DEVICES ?? 2000);
const perUser = Number(process.env.BENCH_PER_USER ?? 2);
const rate = Number(process.env.BENCH_RATE ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 8399);

const p = (values: number[]) => {
  const { p50, p99 } = percentiles(values);
  return `p50 ${ms(p50)} p99 ${ms(p99)}`;
};

interface Device {
  cookie: string;
  accountId: string;
  /** The commit (by its time) of each case this device has been answered for. */
  seen: Map<string, number>;
}

/**
 * Until the dealers with cases have `wanted` external users between them, one more of each in
 * turn, typed as the demo's own dealer user is (the demo has two: too few for a fleet).
 */
async function addDealerUsers(db: Kysely<Database>, wanted: number): Promise<void> {
  const have = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .where('accounts.record_type', '=', 'Dealer')
    .where('users.user_type', 'is distinct from', INTERNAL_USER_TYPE)
    .select('users.user_type')
    .execute();
  const dealerUser = have[0];
  const dealers = await db
    .selectFrom('cases')
    .innerJoin('accounts', 'accounts.id', 'cases.account_id')
    .where('accounts.record_type', '=', 'Dealer')
    .select('accounts.id')
    .distinct()
    .execute();
  const rows = [];
  for (let i = have.length; i < wanted; i++) {
    rows.push({
      id: `bench-user-${i}`,
      username: `bench-${i}@dealer.example`,
      first_name: 'Bench',
      last_name: String(i),
      user_type: dealerUser?.user_type ?? null,
      account_id: dealers[i % dealers.length]!.id,
      contact_id: null,
      is_admin: false,
      password_hash: null,
      password_expires_at: null,
      is_demo: false,
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

async function measure(dbUrl: string): Promise<void> {
  const gw = await startGateway(port, {
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'error',
    ...NO_FAIR_USE_LIMITS,
  });
  const db = await openDb({ databaseUrl: dbUrl, dataDir: '/tmp' });
  let running = true;
  try {
    // Dealers' users: staff see every case, and would be woken by every commit.
    await addDealerUsers(db.kysely, Math.ceil(devices / perUser));
    const users = (
      await Promise.all(
        (await db.kysely.selectFrom('users').select('id').execute()).map((u) =>
          findUserById(db.kysely, u.id),
        ),
      )
    ).filter((u) => u?.kind === 'external' && u.accountId !== null) as User[];
    const cases = await db.kysely
      .selectFrom('cases')
      .select(['id', 'account_id'])
      .where('record_type', '=', 'Case')
      .where(
        'account_id',
        'in',
        users.map((u) => u.accountId!),
      )
      .execute();
    const accountOf = new Map(cases.map((c) => [c.id, c.account_id!]));

    const fleet: Device[] = [];
    for (let i = 0; i < devices; i++) {
      const user = users[Math.floor(i / perUser) % users.length]!;
      const { token } = await createSession(db.kysely, user.id, 3_600_000);
      fleet.push({
        cookie: `${SESSION_COOKIE}=${token}`,
        accountId: user.accountId!,
        seen: new Map(),
      });
    }
    const byAccount = new Map<string, number>();
    for (const d of fleet) byAccount.set(d.accountId, (byAccount.get(d.accountId) ?? 0) + 1);
    console.log(
      `${devices} devices of ${users.length} users at ${byAccount.size} dealers; ${rate} commits/s for ${seconds} s`,
    );

    /** When each case was last changed (performance.now()). */
    const committed = new Map<string, number>();
    const delays: number[] = [];
    let expected = 0;

    const ask = async (cookie: string, since?: string) => {
      const query = since ? `?since=${since}&wait=25` : '';
      const res = await fetch(`${gw.url}/api/v1/changes${query}`, {
        headers: { cookie, 'accept-encoding': 'br, gzip' },
      });
      return changesResponseSchema.parse(await res.json());
    };

    const follow = async (d: Device) => {
      let { cursor } = await ask(d.cookie);
      while (running) {
        const answer = await ask(d.cookie, cursor);
        const now = performance.now();
        for (const id of answer.cases.changed) {
          const at = committed.get(id);
          if (at !== undefined && d.seen.get(id) !== at) {
            d.seen.set(id, at);
            delays.push(now - at);
          }
        }
        cursor = answer.cursor;
      }
    };

    const everyday = async (cookie: string, times: number[]) => {
      while (running) {
        const start = performance.now();
        const res = await fetch(`${gw.url}/api/v1/cases?limit=100`, { headers: { cookie } });
        await res.arrayBuffer();
        times.push(performance.now() - start);
      }
    };

    const followers = fleet.map((d) => follow(d).catch((e: unknown) => console.log(String(e))));
    // Every device holds the feed before the first commit.
    await new Promise((r) => setTimeout(r, 5_000));
    const other = fleet[0]!;
    const idle: number[] = [];
    const idleRun = everyday(other.cookie, idle);
    await new Promise((r) => setTimeout(r, 3_000));
    running = false;
    await idleRun;
    running = true;
    const during: number[] = [];
    const busy = everyday(other.cookie, during);

    const writer = new pg.Client({ connectionString: dbUrl });
    await writer.connect();
    const ids = [...accountOf.keys()];
    const start = performance.now();
    for (let i = 0; i < rate * seconds; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      await writer.query(`UPDATE cases SET subject = subject WHERE id = $1`, [id]);
      committed.set(id, performance.now());
      expected += byAccount.get(accountOf.get(id)!) ?? 0;
    }
    // The last commits' answers.
    await new Promise((r) => setTimeout(r, 5_000));
    running = false;
    await writer.end();
    await busy;
    console.log(`delivery: ${p(delays)} (${delays.length} answers of about ${expected} expected)`);
    console.log(
      `a dealer's case list idle: ${p(idle)}; while the devices wait and cases change: ${p(during)} (${during.length} lists)`,
    );
    // The followers end with their next answer (at most the wait).
    await Promise.race([Promise.all(followers), new Promise((r) => setTimeout(r, 30_000))]);
  } finally {
    running = false;
    await db.close();
    await gw.stop();
  }
}

const skipped = await onPostgresDatabase(measure);
if (typeof skipped === 'string') console.log(skipped);
