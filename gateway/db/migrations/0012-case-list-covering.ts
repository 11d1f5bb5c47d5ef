import { sql, type Kysely } from 'kysely';

// A dealer's case list (100 a page, newest first) as an index-only scan. The cases of one
// dealer are spread over the whole table (created over two years among 200,000 others), so the
// plain index made every row of a page a visit to a heap page of its own: about 100 random
// page reads per page when they are not cached. The index now carries the list's columns and
// answers the page from its own few leaf pages; the count of the list already read only it.
// It replaces cases_account_created, whose keys it keeps in the same order.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX cases_account_list ON cases (account_id, record_type, created_at DESC, id DESC)
      INCLUDE (case_number, status, subject, serial_number, model_number, updated_at)`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_account_created`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX cases_account_created ON cases (account_id, record_type, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS cases_account_list`.execute(db);
}
