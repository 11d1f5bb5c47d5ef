import { sql, type Kysely } from 'kysely';

// Creating cases and reports (product §2 wizard, §3 Assembly tree, §4 Wizard, §7): the DTC
// values of each model, the parts catalogue (book ids per model as the warranty system keeps
// them, pipe-separated, and each book's assembly tree), the wizard's analytics events, and a
// flag on the narrow search table so case assist can leave the CRM's own items out.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE model_dtc_codes (
      model_number text NOT NULL,
      code text NOT NULL,
      description text,
      PRIMARY KEY (model_number, code)
    )`.execute(db);

  // KPAD_Book_Id__c: the raw pipe-separated list; the gateway rewrites each id to start with 100.
  await sql`
    CREATE TABLE model_book_ids (
      model_number text PRIMARY KEY,
      book_ids text NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE parts_books (
      book_id text PRIMARY KEY,
      assemblies jsonb NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE case_assist_events (
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      id text NOT NULL,
      wizard_id text NOT NULL,
      type text NOT NULL,
      occurred_at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      record_type text NOT NULL,
      subject text NOT NULL,
      serial_number text,
      model_number text,
      dtc_code text,
      business_unit text NOT NULL,
      stage text,
      field text,
      reason text,
      article_id text,
      case_id text,
      PRIMARY KEY (user_id, id)
    )`.execute(db);
  await sql`CREATE INDEX case_assist_events_day ON case_assist_events (occurred_at)`.execute(db);

  // product §7: documents of file type SalesforceItem are never suggested by case assist.
  await sql`
    ALTER TABLE knowledge_search ADD COLUMN crm_item boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION knowledge_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.id <> OLD.id) THEN
        DELETE FROM knowledge_search WHERE id = OLD.id;
      END IF;
      IF TG_OP = 'DELETE' THEN
        RETURN OLD;
      END IF;
      INSERT INTO knowledge_search
        (id, document_type, commonproduct, updated_at, title, search, crm_item)
      VALUES (NEW.id, NEW.document_type, NEW.commonproduct, NEW.updated_at,
        setweight(to_tsvector('english', NEW.title), 'A'), NEW.search,
        NEW.file_type = 'SalesforceItem')
      ON CONFLICT (id) DO UPDATE SET document_type = EXCLUDED.document_type,
        commonproduct = EXCLUDED.commonproduct, updated_at = EXCLUDED.updated_at,
        title = EXCLUDED.title, search = EXCLUDED.search, crm_item = EXCLUDED.crm_item;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    UPDATE knowledge_search s SET crm_item = true
    FROM knowledge_documents d WHERE d.id = s.id AND d.file_type = 'SalesforceItem'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION knowledge_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await sql`ALTER TABLE knowledge_search DROP COLUMN IF EXISTS crm_item`.execute(db);
  for (const t of ['case_assist_events', 'parts_books', 'model_book_ids', 'model_dtc_codes']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
