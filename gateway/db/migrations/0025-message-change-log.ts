import { sql, type Kysely } from 'kysely';

// Messages join the change feed (docs/architecture.md "Changes since a cursor"): every insert,
// update and delete of `notifications` writes a `change_log` row in its own transaction, as the
// cases' triggers of 0023 do. A message is one recipient's (a broadcast is stored as one row per
// contact), so `scope` is that contact: a reader asks only for its own contact's rows and never
// learns the ids of anyone else's messages.

const logMessages = (rows: string) =>
  `INSERT INTO change_log (area, record_id, scope) SELECT 'message', id, contact_id FROM ${rows}`;

const TRIGGERS: { name: string; event: string; body: string }[] = [
  { name: 'messages_ins', event: 'INSERT', body: logMessages('new_rows') },
  {
    name: 'messages_upd',
    event: 'UPDATE',
    // The old recipient too: a message moved to another contact is a tombstone for the first.
    body: `${logMessages('new_rows')};
      INSERT INTO change_log (area, record_id, scope)
      SELECT 'message', o.id, o.contact_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.contact_id IS DISTINCT FROM n.contact_id`,
  },
  { name: 'messages_del', event: 'DELETE', body: logMessages('old_rows') },
];

const referencing = (event: string) =>
  event === 'INSERT'
    ? 'NEW TABLE AS new_rows'
    : event === 'DELETE'
      ? 'OLD TABLE AS old_rows'
      : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    await sql
      .raw(
        `CREATE FUNCTION change_log_${t.name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${t.body}; RETURN NULL; END $$`,
      )
      .execute(db);
    // Once per statement: a broadcast to thousands logs in one insert.
    await sql
      .raw(
        `CREATE TRIGGER change_log_${t.name} AFTER ${t.event} ON notifications
           REFERENCING ${referencing(t.event)}
           FOR EACH STATEMENT EXECUTE FUNCTION change_log_${t.name}()`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS change_log_${t.name} ON notifications`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS change_log_${t.name}()`).execute(db);
  }
  await sql`DELETE FROM change_log WHERE area = 'message'`.execute(db);
}
