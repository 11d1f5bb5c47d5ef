import { sql, type Kysely } from 'kysely';

// An internal user's case list (the cases they submitted or own, newest first) as index-only
// scans, like the dealer's list in 0012: each page is two walks, one by submitter and one by
// owner, and each row of a page was a heap page of its own. The indexes carry the list's
// columns, and each the other list's user column, so the list's total counts the owned cases
// not also submitted from the owner index alone; the OR it replaces read the whole table.
// They replace cases_submitted_created and cases_owner_created, whose keys they keep.

const LIST_COLUMNS =
  'case_number, status, subject, record_type, serial_number, model_number, updated_at';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX cases_submitted_list ON cases (submitted_by, created_at DESC, id DESC)
      INCLUDE (${sql.raw(LIST_COLUMNS)}, owner_id) WHERE submitted_by IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX cases_owner_list ON cases (owner_id, created_at DESC, id DESC)
      INCLUDE (${sql.raw(LIST_COLUMNS)}, submitted_by) WHERE owner_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_submitted_created`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_owner_created`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX cases_submitted_created ON cases (submitted_by, created_at DESC, id DESC)
    WHERE submitted_by IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX cases_owner_created ON cases (owner_id, created_at DESC, id DESC)
    WHERE owner_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_submitted_list`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_owner_list`.execute(db);
}
