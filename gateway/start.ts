import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config';
import { buildApp } from './app';
import { openDb, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { pruneIdempotencyKeys } from './services/idempotency';
import { pruneExpiredSessions } from './services/sessions';
import { syncRemoteConfig } from './services/remote-config';

export interface Started {
  app: FastifyInstance;
  db: Db;
  migrated: string[];
  seeded: { accounts: number; contacts: number; users: number } | null;
}

/**
 * Everything between "process starts" and "ready to listen": open the database, migrate,
 * seed demo data once, refresh the demo password expiries, build the app. Used by main.ts
 * and by the tests (which then inject instead of listening).
 */
export async function startGateway(config: GatewayConfig): Promise<Started> {
  const db = await openDb(config);
  try {
    const migrated = await migrateToLatest(db.kysely);
    let seeded: Started['seeded'] = null;
    if (config.demoData !== 'none') {
      // The generator and its data are thousands of lines: loaded only where demo data is asked for.
      const { isSeeded, refreshDemoPasswordExpiry, seedDemoData } = await import('./seed/seed');
      if (!(await isSeeded(db.kysely))) {
        seeded = await seedDemoData(db.kysely, config.demoData, config.demoPassword);
      }
      await refreshDemoPasswordExpiry(db.kysely);
    }
    await pruneExpiredSessions(db.kysely);
    // Replays come within minutes or days; a key older than 30 days is dead weight.
    await pruneIdempotencyKeys(db.kysely);
    await syncRemoteConfig(db.kysely, config);
    const app = await buildApp(config, db.kysely);
    app.addHook('onClose', async () => db.close());
    return { app, db, migrated, seeded };
  } catch (err) {
    await db.close();
    throw err;
  }
}
