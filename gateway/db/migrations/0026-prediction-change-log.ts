import { sql, type Kysely } from 'kysely';

// Predictions join the change feed (docs/architecture.md "Changes since a cursor"): every insert,
// update (a link to a case, an outcome recorded) and delete of `predictions` writes a
// `change_log` row in its own transaction, as the cases' triggers of 0023 do. The feed names a
// prediction to the user who made it (Prediction History is that user's list), so `scope` is
// `user_id`: a reader asks only for its own rows and never learns another user's prediction ids.
// A prediction without a user (its user deleted, or the demo's scored past) concerns no device
// and is not logged, so it wakes no one.

const logPredictions = (rows: string) =>
  `INSERT INTO change_log (area, record_id, scope)
   SELECT 'prediction', id, user_id FROM ${rows} WHERE user_id IS NOT NULL`;

const TRIGGERS: { name: string; event: string; body: string }[] = [
  { name: 'predictions_ins', event: 'INSERT', body: logPredictions('new_rows') },
  {
    name: 'predictions_upd',
    event: 'UPDATE',
    // The old owner too: a prediction given to another user is a tombstone for the first.
    body: `${logPredictions('new_rows')};
      INSERT INTO change_log (area, record_id, scope)
      SELECT 'prediction', o.id, o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.user_id IS NOT NULL AND o.user_id IS DISTINCT FROM n.user_id`,
  },
  { name: 'predictions_del', event: 'DELETE', body: logPredictions('old_rows') },
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
    // Once per statement: the seed's past predictions are inserted in one statement.
    await sql
      .raw(
        `CREATE TRIGGER change_log_${t.name} AFTER ${t.event} ON predictions
           REFERENCING ${referencing(t.event)}
           FOR EACH STATEMENT EXECUTE FUNCTION change_log_${t.name}()`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS change_log_${t.name} ON predictions`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS change_log_${t.name}()`).execute(db);
  }
  await sql`DELETE FROM change_log WHERE area IN ('prediction', 'claims')`.execute(db);
}
