import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startGateway } from '../../gateway/start';
import { lanes, testConfig, waitUntilUnused } from './harness';

const disposers: (() => Promise<void>)[] = [];

/**
 * Migrates and seeds one database per lane, once for the whole lane: each test file's gateway
 * starts on a copy of it (a copied PGlite directory, a PostgreSQL TEMPLATE), which takes well
 * under a second where seeding takes seconds. tests/gateway/database.test.ts still proves a
 * first start on an empty database.
 */
export async function setup(project: TestProject) {
  const templates: Partial<Record<'pglite' | 'postgres', string>> = {};
  for (const lane of lanes) {
    const db = await lane.create();
    disposers.push(db.dispose);
    const started = await startGateway(testConfig(db.env));
    await started.app.close();
    if (lane.name === 'pglite') {
      templates.pglite = db.env.DATA_DIR!;
    } else {
      const name = new URL(db.env.DATABASE_URL!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await waitUntilUnused(admin, name);
      await admin.end();
      templates.postgres = name;
    }
  }
  project.provide('gatewayTemplates', templates);
}

export async function teardown() {
  for (const dispose of disposers.splice(0)) await dispose();
}

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayTemplates: Partial<Record<'pglite' | 'postgres', string>>;
  }
}
