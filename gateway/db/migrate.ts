import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** Brings the schema to the latest version; a no-op on an up-to-date database. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
