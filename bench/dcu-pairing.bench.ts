// What idempotentWrite() costs on the DCU commit, through the whole gateway (inject, no
// network): a pairing with a new Idempotency-Key (key row + effect + stored answer in one
// transaction), the replay of that key (stored answer, no effect), a pairing without a key,
// and a master key lookup (rate-limit count + audit row under an advisory lock).
// PGlite always; PostgreSQL too when its server answers.
//   BENCH_PG_URL   server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_RUNS     timed requests per kind (default 200)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../gateway/config';
import { createSession } from '../gateway/services/sessions';
import { startGateway } from '../gateway/start';
import { median, ms } from './support';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runs = Number(process.env.BENCH_RUNS ?? 200);
const DANA = 'dana.tech@northfield.example';
const BODY = {
  serialNumber: '41878',
  modelNumber: 'M5-111',
  pin: 'KBCM5111TNP041878',
  dcuPartNumber: 'DCU-4G-200',
  imeiNumber: '358000000000002',
  usageHours: '1234.5',
};

function p95(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]!;
}

async function measure(name: string, env: Record<string, string>) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'small',
    STATIC_DIR: join(tmpdir(), 'torque-no-such-build'),
    MASTER_KEY_LOOKUPS_PER_HOUR: String(runs * 10),
    ...env,
  });
  const started = await startGateway(config);
  try {
    await started.app.ready();
    const db = started.db.kysely;
    const dana = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', DANA)
      .executeTakeFirstOrThrow();
    const { token } = await createSession(db, dana.id, 3_600_000);
    const headers = { authorization: `Bearer ${token}` };
    const time = async (kind: string, send: (i: number) => Promise<number>) => {
      for (let i = 0; i < 20; i++) await send(-1 - i); // warm-up
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const status = await send(i);
        times.push(performance.now() - t);
        if (status >= 300) throw new Error(`${kind}: answered ${status}`);
      }
      return { kind, median: median(times), p95: p95(times) };
    };
    const pair = (key?: string) =>
      started.app
        .inject({
          method: 'POST',
          url: '/api/v1/dcu/pairings',
          headers: key ? { ...headers, 'idempotency-key': key } : headers,
          payload: BODY,
        })
        .then((r) => r.statusCode);
    const replayKey = randomUUID();
    await pair(replayKey);
    const rows = [
      await time('pairing, new key', () => pair(randomUUID())),
      await time('pairing, replayed key', () => pair(replayKey)),
      await time('pairing, no key', () => pair()),
      await time('master key lookup', (i) =>
        started.app
          .inject({
            method: 'POST',
            url: '/api/v1/master-key',
            headers,
            payload: { serialNumber: String(10_000_000 + i + 100) },
          })
          .then((r) => r.statusCode),
      ),
    ];
    console.log(`\n${name} (${runs} requests each, through inject)`);
    for (const r of rows) {
      console.log(`  ${r.kind.padEnd(24)} median ${ms(r.median)}, p95 ${ms(r.p95)}`);
    }
  } finally {
    await started.app.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'torque-bench-dcu-'));
try {
  await measure('PGlite', { DATA_DIR: dir, DATABASE_URL: '' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const name = `torque_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pgDir = mkdtempSync(join(tmpdir(), 'torque-bench-dcu-'));
  try {
    await measure('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() });
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
} catch (err) {
  console.log(`\nPostgreSQL: skipped (${(err as Error).message})`);
} finally {
  await admin.end().catch(() => undefined);
}
