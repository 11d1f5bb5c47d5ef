import { sql, type Kysely } from 'kysely';

// Each case keeps its newest feed entry's time and author, and the time of the newest entry by
// anyone but that author. The newest entry not written by a user U is then the newest entry when
// U did not write it, and otherwise the other one: whether a case is unread for U is read from
// the case's own row. It used to take an index probe of the feed per case, so a dealer's unread
// count went through every one of its cases. A trigger keeps the columns, so every writer of
// the feed (the services, the seed, a future import) keeps them too.

/** The three columns worked out from the feed, for the cases `where` names. */
const fromFeed = (where: string) => `
  UPDATE cases c
     SET last_entry_at = l.created_at,
         last_entry_author_id = l.author_id,
         other_entry_at = (SELECT max(f.created_at) FROM case_feed_items f
                            WHERE f.case_id = c.id AND f.author_id IS DISTINCT FROM l.author_id)
    FROM (SELECT DISTINCT ON (case_id) case_id, created_at, author_id
            FROM case_feed_items
           WHERE ${where}
           ORDER BY case_id, created_at DESC, id DESC) l
   WHERE c.id = l.case_id`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE cases
      ADD COLUMN last_entry_at timestamptz,
      ADD COLUMN last_entry_author_id text,
      ADD COLUMN other_entry_at timestamptz`.execute(db);
  await sql.raw(fromFeed('true')).execute(db);
  // Once per statement, over the cases it added entries to: the seed's bulk insert updates each
  // case once.
  await sql
    .raw(
      `CREATE FUNCTION case_latest_entry() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${fromFeed('case_id IN (SELECT case_id FROM inserted)')};
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql`
    CREATE TRIGGER case_latest_entry AFTER INSERT ON case_feed_items
      REFERENCING NEW TABLE AS inserted
      FOR EACH STATEMENT EXECUTE FUNCTION case_latest_entry()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS case_latest_entry ON case_feed_items`.execute(db);
  await sql`DROP FUNCTION IF EXISTS case_latest_entry()`.execute(db);
  await sql`
    ALTER TABLE cases
      DROP COLUMN IF EXISTS last_entry_at,
      DROP COLUMN IF EXISTS last_entry_author_id,
      DROP COLUMN IF EXISTS other_entry_at`.execute(db);
}
