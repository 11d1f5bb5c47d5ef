import { sql, type Kysely } from 'kysely';
import type { LayoutSection } from '../../../contract/cases';
import { REPORT_RECORD_TYPE_ID, SERVICE_SECTION } from '../../reference/case-layouts';

// A report's service details (fuel level, last service, time of failure, repair estimate, the
// site's phone and email, a video link): the columns, and the section on the demo report
// layout of a database whose layouts were written before it had one. A layout that already
// holds any of those fields (an operator's own, or a fresh install's) is left as it is.

const NAMES = SERVICE_SECTION.fields.map((f) => f.apiName);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE cases
      ADD COLUMN fuel_level numeric,
      ADD COLUMN last_service_at timestamptz,
      ADD COLUMN failure_time text,
      ADD COLUMN repair_cost_estimate numeric,
      ADD COLUMN site_contact_phone text,
      ADD COLUMN site_contact_email text,
      ADD COLUMN failure_video_url text`.execute(db);

  const row = (await db
    .selectFrom('case_layouts')
    .select('sections')
    .where('record_type_id', '=', REPORT_RECORD_TYPE_ID)
    .executeTakeFirst()) as { sections: LayoutSection[] } | undefined;
  if (!row) return;
  const present = row.sections.some((s) => s.fields.some((f) => NAMES.includes(f.apiName)));
  if (present) return;
  const at = row.sections.findIndex((s) => s.id === 'machine');
  const sections = [...row.sections];
  sections.splice(at === -1 ? sections.length : at + 1, 0, SERVICE_SECTION);
  await db
    .updateTable('case_layouts')
    .set({ sections: sql`${JSON.stringify(sections)}::jsonb` })
    .where('record_type_id', '=', REPORT_RECORD_TYPE_ID)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  const row = (await db
    .selectFrom('case_layouts')
    .select('sections')
    .where('record_type_id', '=', REPORT_RECORD_TYPE_ID)
    .executeTakeFirst()) as { sections: LayoutSection[] } | undefined;
  if (row) {
    const sections = row.sections.filter((s) => s.id !== SERVICE_SECTION.id);
    await db
      .updateTable('case_layouts')
      .set({ sections: sql`${JSON.stringify(sections)}::jsonb` })
      .where('record_type_id', '=', REPORT_RECORD_TYPE_ID)
      .execute();
  }
  await sql`
    ALTER TABLE cases
      DROP COLUMN fuel_level, DROP COLUMN last_service_at, DROP COLUMN failure_time,
      DROP COLUMN repair_cost_estimate, DROP COLUMN site_contact_phone,
      DROP COLUMN site_contact_email, DROP COLUMN failure_video_url`.execute(db);
}
