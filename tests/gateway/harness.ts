import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type GatewayConfig } from '../../gateway/config';
import { startGateway, type Started } from '../../gateway/start';

export const TEST_PORT = 8099;
export const PUBLIC_URL = `http://localhost:${TEST_PORT}`;

/** A database the suite runs on: PGlite always; PostgreSQL too when DATABASE_URL is set. */
export interface Lane {
  name: 'pglite' | 'postgres';
  /**
   * Creates a fresh database and returns its settings plus a disposer: empty, or a copy of
   * `template` (a database the lane's global setup migrated and seeded).
   */
  create(template?: string): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

const pgliteLane: Lane = {
  name: 'pglite',
  async create(template) {
    const dir = mkdtempSync(join(tmpdir(), 'torque-gw-test-'));
    if (template) cpSync(template, dir, { recursive: true });
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/**
 * pg.Pool.end() resolves before its clients' sockets are closed: waits (up to 5 s) until no
 * session is left on the database, so it can be dropped or copied.
 */
export async function waitUntilUnused(admin: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]?.n === '0') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function postgresLane(serverUrl: string): Lane {
  return {
    name: 'postgres',
    async create(template) {
      const name = `torque_t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      // The template's name is ours (global-setup.ts), never input.
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const dir = mkdtempSync(join(tmpdir(), 'torque-gw-test-'));
      return {
        env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
        async dispose() {
          const c = new pg.Client({ connectionString: serverUrl });
          await c.connect();
          // Terminating the gateway's clients mid-goodbye (FORCE) surfaces as an uncaught 57P01.
          await waitUntilUnused(c, name);
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

// Under CI the PostgreSQL lane is required: a run without it would pass half-tested.
if (process.env.CI === 'true' && !process.env.DATABASE_URL) {
  throw new Error(
    'CI=true but DATABASE_URL is not set: the gateway tests must also run on PostgreSQL',
  );
}

export const lanes: Lane[] = [
  pgliteLane,
  ...(process.env.DATABASE_URL ? [postgresLane(process.env.DATABASE_URL)] : []),
];

export function testConfig(env: Record<string, string>): GatewayConfig {
  return loadConfig({
    PORT: String(TEST_PORT),
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'small',
    STATIC_DIR: join(tmpdir(), 'torque-no-such-build'),
    ...env,
  });
}

/**
 * Makes `app.inject` call the gateway at PUBLIC_URL's host, as a browser on PUBLIC_URL does:
 * light-my-request's default Host (localhost:80) is another address, which the gateway
 * redirects or refuses. A test that means another Host still sets the header itself.
 */
export function atPublicAddress(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const authority = new URL(PUBLIC_URL).host;
  app.inject = ((opts?: InjectOptions | string, ...rest: unknown[]) => {
    if (opts === undefined) return inject();
    const options = typeof opts === 'string' ? { url: opts } : opts;
    return (inject as (o: InjectOptions, ...r: unknown[]) => unknown)(
      { ...options, authority: options.authority ?? authority },
      ...rest,
    );
  }) as FastifyInstance['inject'];
  return app;
}

export interface TestGateway {
  app: FastifyInstance;
  config: GatewayConfig;
  started: Started;
  /** The lane's database settings, to start a second gateway on the same data. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A fresh gateway on a fresh database of the lane, migrated and seeded. Seeding takes seconds
 * on PGlite, so the database is a copy of the lane's seeded template unless the test asks for
 * a first start (`firstStart`) or for demo data other than the default.
 */
export async function openGateway(
  lane: Lane,
  extraEnv: Record<string, string> = {},
  { firstStart = false }: { firstStart?: boolean } = {},
): Promise<TestGateway> {
  const ownSeed = firstStart || 'DEMO_DATA' in extraEnv || 'DEMO_PASSWORD' in extraEnv;
  const db = await lane.create(ownSeed ? undefined : inject('gatewayTemplates')[lane.name]);
  const config = testConfig({ ...db.env, ...extraEnv });
  const started = await startGateway(config);
  atPublicAddress(started.app);
  await started.app.ready();
  return {
    app: started.app,
    config,
    started,
    env: db.env,
    async close() {
      await started.app.close();
      await db.dispose();
    },
  };
}
