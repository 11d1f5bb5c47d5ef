import { sql, type Kysely } from 'kysely';

// Knowledge search speed: a narrow copy of what the search reads, kept by a trigger. The wide
// knowledge_documents rows hold HTML, text and a compressed, out-of-line (TOASTed) vector:
// counting and ranking a broad query detoasted every hit's vector (about 3.5 µs per hit).
// Here a row is id, type, product, updated_at, the small title vector inline, and the full
// weighted vector stored uncompressed out of line (EXTERNAL with toast_tuple_target 128): the
// heap is about 11 MB for 50k documents, so counting and facets visit only that (the GIN index
// answers the match without a recheck), and only the ranked candidates pay a detoast.
// 0006 is never edited (installs ran it); this backfills the rows those installs hold.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE knowledge_search (
      id text PRIMARY KEY,
      document_type text NOT NULL,
      commonproduct text,
      updated_at timestamptz NOT NULL,
      title tsvector NOT NULL,
      search tsvector NOT NULL
    ) WITH (toast_tuple_target = 128)`.execute(db);
  await sql`ALTER TABLE knowledge_search ALTER COLUMN search SET STORAGE EXTERNAL`.execute(db);
  await sql`ALTER TABLE knowledge_search ALTER COLUMN title SET STORAGE MAIN`.execute(db);
  // AFTER the row is written: the generated `search` of knowledge_documents is computed by
  // then and copied as is (the ranking is unchanged); the title vector is the same weight A.
  await sql`
    CREATE FUNCTION knowledge_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.id <> OLD.id) THEN
        DELETE FROM knowledge_search WHERE id = OLD.id;
      END IF;
      IF TG_OP = 'DELETE' THEN
        RETURN OLD;
      END IF;
      INSERT INTO knowledge_search (id, document_type, commonproduct, updated_at, title, search)
      VALUES (NEW.id, NEW.document_type, NEW.commonproduct, NEW.updated_at,
        setweight(to_tsvector('english', NEW.title), 'A'), NEW.search)
      ON CONFLICT (id) DO UPDATE SET document_type = EXCLUDED.document_type,
        commonproduct = EXCLUDED.commonproduct, updated_at = EXCLUDED.updated_at,
        title = EXCLUDED.title, search = EXCLUDED.search;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER knowledge_search_sync AFTER INSERT OR UPDATE OR DELETE ON knowledge_documents
      FOR EACH ROW EXECUTE FUNCTION knowledge_search_sync()`.execute(db);
  await sql`
    INSERT INTO knowledge_search (id, document_type, commonproduct, updated_at, title, search)
    SELECT id, document_type, commonproduct, updated_at,
      setweight(to_tsvector('english', title), 'A'), search
    FROM knowledge_documents`.execute(db);
  // The seed drops and rebuilds these two around its bulk load (seed/knowledge.ts).
  await sql`CREATE INDEX knowledge_search_search ON knowledge_search USING gin (search)`.execute(
    db,
  );
  await sql`CREATE INDEX knowledge_search_title ON knowledge_search USING gin (title)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS knowledge_search_sync ON knowledge_documents`.execute(db);
  await sql`DROP FUNCTION IF EXISTS knowledge_search_sync()`.execute(db);
  await sql`DROP TABLE IF EXISTS knowledge_search`.execute(db);
}
