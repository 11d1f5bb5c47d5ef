import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/db/schema';
import { bossDb } from '../../gateway/services/push';

// pg-boss settles a batch without awaiting it: SQL it sends after the push worker stopped
// must not reach the closed database, or the rejection goes unheard.
describe("pg-boss's database once the push worker has stopped", () => {
  const closedDb = async () => {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1 }) }),
    });
    await db.destroy();
    return db;
  };

  it('drops the SQL instead of rejecting', async () => {
    const db = await closedDb();
    await expect(bossDb(db, () => true).executeSql('SELECT 1', [])).resolves.toEqual({ rows: [] });
  });

  it('still sends it while the worker runs', async () => {
    const db = await closedDb();
    await expect(bossDb(db, () => false).executeSql('SELECT 1', [])).rejects.toThrow();
  });
});
