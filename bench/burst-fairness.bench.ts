// One user's burst against another user's everyday request, on PostgreSQL through the real
// gateway process: eli opens his case list one request after another while dana sends
//   - 300 knowledge searches in waves of 30,
//   - 300 requests (case assist and knowledge search, alternating) 30 at a time,
//   - 640 case lists 32 at a time.
// Printed: eli's case list p50/p95 idle and during each burst, and what dana's requests were
// answered, first with the fair-use limits out of the way (as before they existed), then with
// the defaults. Last, dana's 150 searches sent to two gateways on one database in turn: the
// per-user limit counts them together.
//   BENCH_PG_URL  server to create the database on (bench/databases.ts)
//   BENCH_PORT    the gateway's port, and the next one for the second gateway (default 8397)
import { openDb } from '../gateway/db/connect';
import { createSession, SESSION_COOKIE } from '../gateway/services/sessions';
import { findUserByUsername } from '../gateway/services/users';
import { startGateway } from '../e2e/support/gateway';
import { onPostgresDatabase, percentiles } from './databases';
import { ms, NO_FAIR_USE_LIMITS } from './support';

const port = Number(process.env.BENCH_PORT ?? 8397);

/** No limit a bench burst meets: the gateway as it was before fair use. */
const NO_LIMITS = NO_FAIR_USE_LIMITS;

const search = (base: string) => `${base}/api/v1/knowledge/search?q=hydraulic`;
const assist = (base: string) =>
  `${base}/api/v1/case-assist?subject=${encodeURIComponent('hydraulic leak at loader valve')}`;
const caseList = (base: string) => `${base}/api/v1/cases?limit=100`;

interface Burst {
  name: string;
  total: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Whether each group of `concurrency` is sent only when the previous one is answered. */
  waves: boolean;
  url: (base: string, i: number) => string;
}

const BURSTS: Burst[] = [
  { name: '300 searches in waves of 30', total: 300, concurrency: 30, waves: true, url: search },
  {
    name: '300 assists and searches, 30 at a time',
    total: 300,
    concurrency: 30,
    waves: false,
    url: (base, i) => (i % 2 === 0 ? assist(base) : search(base)),
  },
  {
    name: '640 case lists, 32 at a time',
    total: 640,
    concurrency: 32,
    waves: false,
    url: caseList,
  },
];

async function timed(url: string, cookie: string): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

async function caseListWhile(base: string, cookie: string, busy: () => boolean, least: number) {
  const times: number[] = [];
  while (busy() || times.length < least) {
    times.push((await timed(caseList(base), cookie)).ms);
  }
  return times;
}

async function burst(base: string, cookie: string, b: Burst) {
  const statuses = new Map<number, number>();
  const one = async (i: number) => {
    const { status } = await timed(b.url(base, i), cookie);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  if (b.waves) {
    for (let i = 0; i < b.total; i += b.concurrency) {
      await Promise.all(Array.from({ length: b.concurrency }, (_, j) => one(i + j)));
    }
  } else {
    let next = 0;
    const worker = async () => {
      while (next < b.total) await one(next++);
    };
    await Promise.all(Array.from({ length: b.concurrency }, worker));
  }
  return [...statuses].map(([s, n]) => `${n}×${s}`).join(', ');
}

const p = (values: number[]) => {
  const { p50, p95 } = percentiles(values);
  return `p50 ${ms(p50)} p95 ${ms(p95)}`;
};

async function cookieOf(db: Awaited<ReturnType<typeof openDb>>, email: string) {
  const user = await findUserByUsername(db.kysely, email);
  const { token } = await createSession(db.kysely, user!.id, 3_600_000);
  return `${SESSION_COOKIE}=${token}`;
}

async function measure(label: string, dbUrl: string, env: Record<string, string>) {
  const gw = await startGateway(port, { DATABASE_URL: dbUrl, LOG_LEVEL: 'error', ...env });
  const db = await openDb({ databaseUrl: dbUrl, dataDir: '/tmp' });
  try {
    const dana = await cookieOf(db, 'dana.tech@northfield.example');
    const eli = await cookieOf(db, 'eli.tech@riverbend.example');
    // Warm-up, then eli's list alone.
    await caseListWhile(gw.url, eli, () => false, 20);
    const idle = await caseListWhile(gw.url, eli, () => false, 50);
    console.log(`${label}: eli's case list idle ${p(idle)}`);
    for (const b of BURSTS) {
      // A fresh window for each burst: another user than the last burst's.
      await db.kysely.deleteFrom('request_counts').execute();
      let running = true;
      const [answered, during] = await Promise.all([
        burst(gw.url, dana, b).finally(() => (running = false)),
        caseListWhile(gw.url, eli, () => running, 1),
      ]);
      console.log(
        `  during dana's ${b.name}: ${p(during)} (${during.length} lists); dana's: ${answered}`,
      );
    }
  } finally {
    await db.close();
    await gw.stop();
  }
}

/** dana's 150 searches sent to two gateways on one database, in turn. */
async function twoGateways(dbUrl: string) {
  const env = { DATABASE_URL: dbUrl, LOG_LEVEL: 'error' };
  const gateways = [await startGateway(port, env), await startGateway(port + 1, env)];
  const db = await openDb({ databaseUrl: dbUrl, dataDir: '/tmp' });
  try {
    await db.kysely.deleteFrom('request_counts').execute();
    const dana = await cookieOf(db, 'dana.tech@northfield.example');
    const answered = await burst(gateways[0]!.url, dana, {
      name: 'two gateways',
      total: 150,
      concurrency: 10,
      waves: false,
      url: (_base, i) => search(gateways[i % 2]!.url),
    });
    console.log(`two gateways, dana's 150 searches in turn: ${answered}`);
  } finally {
    await db.close();
    for (const gw of gateways) await gw.stop();
  }
}

const skipped = await onPostgresDatabase(async (url) => {
  await measure('without fair-use limits', url, NO_LIMITS);
  await measure('with the default limits', url, {});
  await twoGateways(url);
});
if (typeof skipped === 'string') console.log(skipped);
