import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db } from '../gateway/db/connect';

/**
 * The database benches' common frame: the same measurement on a fresh database of each
 * engine, PostgreSQL (a new database on BENCH_PG_URL's server, dropped after) beside PGlite (a
 * temp dir). BENCH_SKIP='pglite' or 'postgres' runs one side only. A PostgreSQL server that
 * cannot be reached is reported as a line, not a crash: PGlite still gets measured.
 */
const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const skip = process.env.BENCH_SKIP ?? '';

export type Measure<T> = (name: 'PostgreSQL' | 'PGlite', db: Db) => Promise<T>;

/**
 * Runs `measure` with the address of a new database on BENCH_PG_URL's server, dropped after:
 * for benches that start gateway processes of their own on it.
 */
export async function onPostgresDatabase<T>(
  measure: (url: string) => Promise<T>,
): Promise<T | string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (err) {
    return `PostgreSQL skipped: cannot reach ${serverUrl} (${(err as Error).message})`;
  }
  const name = `torque_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await measure(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function onPostgres<T>(measure: Measure<T>): Promise<T | string> {
  return onPostgresDatabase(async (url) => {
    const db = await openDb({ databaseUrl: url, dataDir: tmpdir() });
    try {
      return await measure('PostgreSQL', db);
    } finally {
      await db.close();
    }
  });
}

async function onPglite<T>(measure: Measure<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'torque-bench-db-'));
  const db = await openDb({ databaseUrl: null, dataDir: dir });
  try {
    return await measure('PGlite', db);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `measure` on PostgreSQL, then on PGlite (one after the other: two cores). */
export async function onBothDatabases<T>(measure: Measure<T>): Promise<(T | string)[]> {
  const results: (T | string)[] = [];
  if (skip !== 'postgres') results.push(await onPostgres(measure));
  if (skip !== 'pglite') results.push(await onPglite(measure));
  return results;
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of a set of timings (NaN when there are none). */
export function percentiles(times: number[]): Percentiles {
  if (times.length === 0) return { p50: NaN, p95: NaN, p99: NaN, max: NaN };
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1]! };
}
