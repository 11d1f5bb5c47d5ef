import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { GatewayConfig } from '../config';
import type { Database } from './schema';

export interface Db {
  kysely: Kysely<Database>;
  /** 'pglite' (embedded, single connection) or 'postgres'. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The pool under each open database, for the figures /metrics reads at scrape time. */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The connection pool of a database openDb opened. */
export function poolOf(kysely: Kysely<Database>): pg.Pool | null {
  return pools.get(kysely) ?? null;
}

/**
 * One code path for both databases: Kysely's PostgresDialect over a pg.Pool. The embedded
 * PGlite is reached through its node-postgres adapter so value types match a real server
 * (int8 as string, timestamptz as Date).
 */
export async function openDb(config: Pick<GatewayConfig, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client cut off by the server (restart, failover) emits 'error' on the pool;
    // unhandled it would end the process. The pool drops that client and opens a new one.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    // A client in use when the server goes away emits 'error' too (its query is rejected as
    // well, and answers 503): the pool listens only to idle ones, so without a listener here
    // a database restart would end the gateway with an uncaught exception.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(kysely, pool);
    return { kysely, kind: 'postgres', close: () => kysely.destroy() };
  }
  const dir = join(config.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  // Imported lazily: the wasm bundle is only loaded when the embedded database is used.
  const [{ PGlite }, { pg_trgm }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    // Keep the data dir small: the default WAL settings let it grow by hundreds of MB.
    postgresqlconf: ['max_wal_size = 64MB', 'min_wal_size = 32MB'],
  });
  // The adapter exposes poolSize 1: PGlite is one connection, the pool queues the rest.
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(kysely, pool);
  return {
    kysely,
    kind: 'pglite',
    async close() {
      await kysely.destroy();
      await pglite.close();
    },
  };
}
