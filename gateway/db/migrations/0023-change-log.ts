import { sql, type Kysely } from 'kysely';

// One row per record changed, written by triggers in the transaction of the change, so every
// writer (services, seed, a future import) is logged and a rolled-back change never is. A row
// carries the id of the transaction that wrote it: a reader hands out only rows of transactions
// older than every one still running (the xmin of its snapshot), and that xmin is its cursor.
// Sequence numbers would not do: a number taken by a transaction that commits later can be
// lower than one already read, and would be skipped. `scope` is the owning dealer (account_id)
// so an external user's reader never sees another dealer's record ids.

const logCases = (rows: string) =>
  `INSERT INTO change_log (area, record_id, scope) SELECT 'case', id, account_id FROM ${rows}`;
const logFeeds = (rows: string) =>
  `INSERT INTO change_log (area, record_id, scope)
   SELECT DISTINCT 'case', r.case_id, c.account_id
     FROM ${rows} r LEFT JOIN cases c ON c.id = r.case_id`;

const TRIGGERS: { name: string; table: string; event: string; body: string }[] = [
  { name: 'cases_ins', table: 'cases', event: 'INSERT', body: logCases('new_rows') },
  {
    name: 'cases_upd',
    table: 'cases',
    event: 'UPDATE',
    // The old owner too: a case moved to another dealer is a tombstone for the first one.
    body: `${logCases('new_rows')};
      INSERT INTO change_log (area, record_id, scope)
      SELECT 'case', o.id, o.account_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.account_id IS DISTINCT FROM n.account_id`,
  },
  { name: 'cases_del', table: 'cases', event: 'DELETE', body: logCases('old_rows') },
  { name: 'feed_ins', table: 'case_feed_items', event: 'INSERT', body: logFeeds('new_rows') },
  { name: 'feed_upd', table: 'case_feed_items', event: 'UPDATE', body: logFeeds('new_rows') },
  { name: 'feed_del', table: 'case_feed_items', event: 'DELETE', body: logFeeds('old_rows') },
];

const referencing = (event: string) =>
  event === 'INSERT'
    ? 'NEW TABLE AS new_rows'
    : event === 'DELETE'
      ? 'OLD TABLE AS old_rows'
      : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE change_log (
      seq bigserial PRIMARY KEY,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      area text NOT NULL,
      record_id text NOT NULL,
      scope text,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX change_log_txid ON change_log (txid)`.execute(db);
  for (const t of TRIGGERS) {
    await sql
      .raw(
        `CREATE FUNCTION change_log_${t.name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${t.body}; RETURN NULL; END $$`,
      )
      .execute(db);
    // Once per statement: the seed's bulk inserts log in one insert each.
    await sql
      .raw(
        `CREATE TRIGGER change_log_${t.name} AFTER ${t.event} ON ${t.table}
           REFERENCING ${referencing(t.event)}
           FOR EACH STATEMENT EXECUTE FUNCTION change_log_${t.name}()`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS change_log_${t.name} ON ${t.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS change_log_${t.name}()`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS change_log`.execute(db);
}
