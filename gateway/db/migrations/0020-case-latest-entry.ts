import { sql, type Kysely } from 'kysely';

// Each case keeps its newest feed entry's time and author. Whether a case is unread for a user
// is then read from the case's own row for nearly every case (the newest entry is someone
// else's, or there is none), where it used to take an index probe of the feed per case: a
// dealer's unread count went through every one of its cases. A trigger keeps the columns, so
// every writer of the feed (the services, the seed, a future import) keeps them too.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE cases
      ADD COLUMN last_entry_at timestamptz,
      ADD COLUMN last_entry_author_id text`.execute(db);
  await sql`
    UPDATE cases c
       SET last_entry_at = l.created_at, last_entry_author_id = l.author_id
      FROM (SELECT DISTINCT ON (case_id) case_id, created_at, author_id
              FROM case_feed_items
             ORDER BY case_id, created_at DESC, id DESC) l
     WHERE c.id = l.case_id`.execute(db);
  // Once per statement, over the rows it inserted: the seed's bulk insert updates each case once.
  await sql`
    CREATE FUNCTION case_latest_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE cases c
         SET last_entry_at = n.created_at, last_entry_author_id = n.author_id
        FROM (SELECT DISTINCT ON (case_id) case_id, created_at, author_id
                FROM inserted
               ORDER BY case_id, created_at DESC, id DESC) n
       WHERE c.id = n.case_id
         AND (c.last_entry_at IS NULL OR c.last_entry_at <= n.created_at);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER case_latest_entry AFTER INSERT ON case_feed_items
      REFERENCING NEW TABLE AS inserted
      FOR EACH STATEMENT EXECUTE FUNCTION case_latest_entry()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS case_latest_entry ON case_feed_items`.execute(db);
  await sql`DROP FUNCTION IF EXISTS case_latest_entry()`.execute(db);
  await sql`ALTER TABLE cases DROP COLUMN IF EXISTS last_entry_at, DROP COLUMN IF EXISTS last_entry_author_id`.execute(
    db,
  );
}
