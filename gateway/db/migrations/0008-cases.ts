import { sql, type Kysely } from 'kysely';
import {
  CASE_LAYOUT,
  CASE_PICKLISTS,
  CASE_RECORD_TYPE_ID,
  REPORT_LAYOUT,
  REPORT_RECORD_TYPE_ID,
} from '../../reference/case-layouts';

// Cases and reports in full (product §3 Case and report: every field of the creation list),
// record types, layouts and picklists as data, the feed (items, attachments) and the files
// behind it. File bytes are stored once per content (case_blobs, keyed by sha256), so the
// demo's repeated photos and a retried upload cost no second copy of the bytes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE case_record_types (
      id text PRIMARY KEY,
      kind text NOT NULL UNIQUE CHECK (kind IN ('Case', 'Report')),
      name text NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO case_record_types (id, kind, name) VALUES
      (${CASE_RECORD_TYPE_ID}, 'Case', 'TSC Case'),
      (${REPORT_RECORD_TYPE_ID}, 'Report', 'Field Report')`.execute(db);

  // Layout sections and picklists per record type (record-ui and picklist-values).
  await sql`
    CREATE TABLE case_layouts (
      record_type_id text PRIMARY KEY REFERENCES case_record_types(id),
      sections jsonb NOT NULL,
      picklists jsonb NOT NULL
    )`.execute(db);
  const picklists = JSON.stringify(CASE_PICKLISTS);
  await sql`
    INSERT INTO case_layouts (record_type_id, sections, picklists) VALUES
      (${CASE_RECORD_TYPE_ID}, ${JSON.stringify(CASE_LAYOUT)}::jsonb, ${picklists}::jsonb),
      (${REPORT_RECORD_TYPE_ID}, ${JSON.stringify(REPORT_LAYOUT)}::jsonb, ${picklists}::jsonb)`.execute(
    db,
  );

  await sql`
    ALTER TABLE cases
      ADD COLUMN record_type_id text REFERENCES case_record_types(id),
      ADD COLUMN origin text,
      ADD COLUMN inventory_id text,
      ADD COLUMN contact_id text REFERENCES contacts(id),
      ADD COLUMN submitted_by text REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN owner_id text REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN description text,
      ADD COLUMN dtc_codes text,
      ADD COLUMN pin text,
      ADD COLUMN imei text,
      ADD COLUMN failure_date date,
      ADD COLUMN probable_cause text,
      ADD COLUMN assembly text,
      ADD COLUMN sub_assembly text,
      ADD COLUMN causal_part_number text,
      ADD COLUMN causal_part_name text,
      ADD COLUMN engine_hours numeric,
      ADD COLUMN engine_usage_reading numeric,
      ADD COLUMN work_order text,
      ADD COLUMN implement_name text,
      ADD COLUMN implement_sn text,
      ADD COLUMN symptom text,
      ADD COLUMN defect text,
      ADD COLUMN remedy text,
      ADD COLUMN troubleshooting text,
      ADD COLUMN operating_conditions text,
      ADD COLUMN terrain text,
      ADD COLUMN terrain_remarks text,
      ADD COLUMN ground_cover text,
      ADD COLUMN ground_cover_remarks text,
      ADD COLUMN ambient_conditions text,
      ADD COLUMN ambient_remarks text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`
    UPDATE cases SET record_type_id = t.id, updated_at = cases.created_at
    FROM case_record_types t WHERE t.kind = cases.record_type`.execute(db);

  // Human case numbers are sequential; the seed moves the sequence past its own numbers.
  await sql`CREATE SEQUENCE case_number_seq START 1`.execute(db);

  // The lists: an organisation's (newest first), the internal user's own (submitted, owned).
  await sql`DROP INDEX cases_account`.execute(db);
  await sql`
    CREATE INDEX cases_account_created ON cases (account_id, record_type, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX cases_submitted_created ON cases (submitted_by, created_at DESC, id DESC)
    WHERE submitted_by IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX cases_owner_created ON cases (owner_id, created_at DESC, id DESC)
    WHERE owner_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE case_feed_items (
      id text PRIMARY KEY,
      case_id text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      body text NOT NULL,
      channel text NOT NULL,
      type text NOT NULL,
      title text NOT NULL,
      name text NOT NULL,
      author_id text REFERENCES users(id) ON DELETE SET NULL,
      author_name text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX case_feed_items_case ON case_feed_items (case_id, created_at, id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE case_blobs (
      sha256 text PRIMARY KEY,
      bytes bytea NOT NULL,
      thumbnail bytea
    )`.execute(db);

  // A file version (ContentVersion) and, once an update names it, its feed attachment.
  await sql`
    CREATE TABLE case_files (
      id text PRIMARY KEY,
      case_id text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      feed_item_id text REFERENCES case_feed_items(id) ON DELETE SET NULL,
      name text NOT NULL,
      content_type text NOT NULL,
      extension text NOT NULL,
      size integer NOT NULL,
      sha256 text NOT NULL REFERENCES case_blobs(sha256),
      width integer,
      height integer,
      uploaded_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX case_files_case ON case_files (case_id)`.execute(db);
  await sql`CREATE INDEX case_files_feed_item ON case_files (feed_item_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['case_files', 'case_blobs', 'case_feed_items', 'case_layouts']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
  await sql`DROP SEQUENCE IF EXISTS case_number_seq`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_account_created`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_submitted_created`.execute(db);
  await sql`DROP INDEX IF EXISTS cases_owner_created`.execute(db);
  await sql`CREATE INDEX cases_account ON cases (account_id, created_at)`.execute(db);
  await sql`
    ALTER TABLE cases
      DROP COLUMN record_type_id, DROP COLUMN origin, DROP COLUMN inventory_id,
      DROP COLUMN contact_id, DROP COLUMN submitted_by, DROP COLUMN owner_id,
      DROP COLUMN description, DROP COLUMN dtc_codes, DROP COLUMN pin, DROP COLUMN imei,
      DROP COLUMN failure_date, DROP COLUMN probable_cause, DROP COLUMN assembly,
      DROP COLUMN sub_assembly, DROP COLUMN causal_part_number, DROP COLUMN causal_part_name,
      DROP COLUMN engine_hours, DROP COLUMN engine_usage_reading, DROP COLUMN work_order,
      DROP COLUMN implement_name, DROP COLUMN implement_sn, DROP COLUMN symptom,
      DROP COLUMN defect, DROP COLUMN remedy, DROP COLUMN troubleshooting,
      DROP COLUMN operating_conditions, DROP COLUMN terrain, DROP COLUMN terrain_remarks,
      DROP COLUMN ground_cover, DROP COLUMN ground_cover_remarks,
      DROP COLUMN ambient_conditions, DROP COLUMN ambient_remarks, DROP COLUMN updated_at`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS case_record_types`.execute(db);
}
