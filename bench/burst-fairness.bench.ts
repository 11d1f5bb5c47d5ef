// One user's burst against another user's everyday request, on PostgreSQL through the real
// gateway process: dana sends 300 requests (case assist and knowledge search, alternating) 30 at
// a time while eli opens his case list one request after another. Printed: eli's case list
// p50/p95 idle and during the burst, and what dana's requests were answered, first with the
// fair-use limits out of the way (as before they existed), then with the defaults.
//   BENCH_PG_URL  server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_PORT    the gateway's port (default 8397)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb } from '../gateway/db/connect';
import { createSession, SESSION_COOKIE } from '../gateway/services/sessions';
import { findUserByUsername } from '../gateway/services/users';
import { startGateway } from '../e2e/support/gateway';
import { ms } from './support';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? 8397);
const BURST = 300;
const CONCURRENCY = 30;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed(url: string, cookie: string): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

async function caseListWhile(base: string, cookie: string, busy: () => boolean, least: number) {
  const times: number[] = [];
  while (busy() || times.length < least) {
    times.push((await timed(`${base}/api/v1/cases?limit=100`, cookie)).ms);
  }
  return times;
}

async function burst(base: string, cookie: string) {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < BURST) {
      const i = next++;
      const url =
        i % 2 === 0
          ? `${base}/api/v1/case-assist?subject=${encodeURIComponent('hydraulic leak at loader valve')}`
          : `${base}/api/v1/knowledge/search?q=hydraulic`;
      const { status } = await timed(url, cookie);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

async function measure(label: string, dbUrl: string, env: Record<string, string>) {
  const gw = await startGateway(port, { DATABASE_URL: dbUrl, LOG_LEVEL: 'error', ...env });
  const db = await openDb({ databaseUrl: dbUrl, dataDir: '/tmp' });
  try {
    const cookieOf = async (email: string) => {
      const user = await findUserByUsername(db.kysely, email);
      const { token } = await createSession(db.kysely, user!.id, 3_600_000);
      return `${SESSION_COOKIE}=${token}`;
    };
    const dana = await cookieOf('dana.tech@northfield.example');
    const eli = await cookieOf('eli.tech@riverbend.example');
    // Warm-up, then eli's list alone.
    await caseListWhile(gw.url, eli, () => false, 20);
    const idle = await caseListWhile(gw.url, eli, () => false, 50);
    let running = true;
    const [statuses, during] = await Promise.all([
      burst(gw.url, dana).finally(() => (running = false)),
      caseListWhile(gw.url, eli, () => running, 1),
    ]);
    const answered = [...statuses].map(([s, n]) => `${n}×${s}`).join(', ');
    console.log(
      `${label}: eli's case list idle p50 ${ms(percentile(idle, 50))} p95 ${ms(percentile(idle, 95))}; ` +
        `during dana's burst p50 ${ms(percentile(during, 50))} p95 ${ms(percentile(during, 95))} ` +
        `(${during.length} lists); dana's ${BURST}: ${answered}`,
    );
  } finally {
    await db.close();
    await gw.stop();
  }
}

const admin = new pg.Client({ connectionString: serverUrl });
try {
  await admin.connect();
} catch (err) {
  console.log(`PostgreSQL skipped: cannot reach ${serverUrl} (${(err as Error).message})`);
  process.exit(0);
}
const name = `torque_bench_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  // Limits far out of reach: the gateway as it was before them.
  await measure('without fair-use limits', url.toString(), {
    EXPENSIVE_REQUESTS: '1000000',
    EXPENSIVE_CONCURRENCY: '1000',
  });
  await measure('with the default limits', url.toString(), {});
  // The former default, which let a burst's queries take every core.
  await measure('with four expensive requests at a time', url.toString(), {
    EXPENSIVE_CONCURRENCY: '4',
  });
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
