import { sql, type Kysely } from 'kysely';

// Knowledge: the documents the gateway searches (articles, manuals, campaign and
// service bulletins), their files (PDFs, images) and the vocabulary the misspelling fallback
// corrects query words against. Plain SQL that runs on PostgreSQL 15 and PGlite (PG 18).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  // The search vector is a stored generated column: PG 18 defaults to virtual, which cannot
  // be indexed, so STORED is written out (PostgreSQL 18, PGlite's,
  // defaults to VIRTUAL). Title weight A beats body weight B.
  await sql`
    CREATE TABLE knowledge_documents (
      id text PRIMARY KEY,
      title text NOT NULL,
      body_html text NOT NULL,
      body_text text NOT NULL,
      excerpt text NOT NULL,
      document_type text NOT NULL
        CHECK (document_type IN ('Article', 'Manual', 'Campaign Bulletin', 'Service Bulletin')),
      file_type text NOT NULL,
      category_level1 text NOT NULL,
      category_level2 text NOT NULL,
      category_level3 text NOT NULL,
      category_level4 text NOT NULL,
      commonproduct text,
      manual_section text CHECK (manual_section IN
        ('Workshop Manuals', 'Operator''s / Owner''s Manual', 'Assembly Instructions', 'Other')),
      campaign_name text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', body_text), 'B')
      ) STORED
    )`.execute(db);
  await sql`CREATE INDEX knowledge_documents_search ON knowledge_documents USING gin (search)`.execute(
    db,
  );
  // Manuals of a model family by section; bulletins of a campaign (matched case-insensitively).
  await sql`
    CREATE INDEX knowledge_documents_manuals
      ON knowledge_documents (commonproduct, manual_section) WHERE document_type = 'Manual'`.execute(
    db,
  );
  await sql`
    CREATE INDEX knowledge_documents_campaign
      ON knowledge_documents (lower(campaign_name)) WHERE campaign_name IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE knowledge_files (
      id text PRIMARY KEY,
      document_id text NOT NULL REFERENCES knowledge_documents(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      title text NOT NULL,
      file_type text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      bytes bytea NOT NULL,
      sha256 text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX knowledge_files_document ON knowledge_files (document_id, position)`.execute(
    db,
  );

  // Unstemmed words of the documents with their document counts: the misspelling fallback
  // replaces an unknown query word by the most similar word here (pg_trgm, 0001).
  await sql`
    CREATE TABLE knowledge_vocabulary (
      word text PRIMARY KEY,
      ndoc integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE INDEX knowledge_vocabulary_trgm ON knowledge_vocabulary USING gin (word gin_trgm_ops)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS knowledge_vocabulary`.execute(db);
  await sql`DROP TABLE IF EXISTS knowledge_files`.execute(db);
  await sql`DROP TABLE IF EXISTS knowledge_documents`.execute(db);
}
