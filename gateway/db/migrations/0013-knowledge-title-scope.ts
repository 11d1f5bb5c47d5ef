import { sql, type Kysely } from 'kysely';

// Case assist's title candidates, narrowed to the machine's family by the index. Its subject
// query is any word of the subject, so a common word ("error", "leak") matches thousands of
// titles spread over nearly every page of knowledge_search; the family test then dropped about
// three in four of them, each after a visit to its heap page (half of the statement's time on
// the large set). title_scope is the title vector plus one token naming the document's family
// ('f' || md5(family), md5('') for documents of every product): a match on
// (subject AND (family OR every product)) reads only the rows that can be suggested. The
// ranking still reads the title vector: the token never shows in a rank or a result.
// Generated, so the trigger and the seed's bulk copy keep filling knowledge_search unchanged.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE knowledge_search ADD COLUMN title_scope tsvector GENERATED ALWAYS AS (
      title || array_to_tsvector(ARRAY['f' || md5(coalesce(commonproduct, ''))])
    ) STORED`.execute(db);
  await sql`ALTER TABLE knowledge_search ALTER COLUMN title_scope SET STORAGE MAIN`.execute(db);
  // The seed drops and rebuilds this one too around its bulk load (seed/knowledge.ts).
  await sql`
    CREATE INDEX knowledge_search_title_scope ON knowledge_search USING gin (title_scope)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS knowledge_search_title_scope`.execute(db);
  await sql`ALTER TABLE knowledge_search DROP COLUMN IF EXISTS title_scope`.execute(db);
}
