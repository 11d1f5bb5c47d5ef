import type { Kysely } from 'kysely';
import {
  layoutOverridesSchema,
  type FieldValue,
  type LayoutOverrides,
  type LayoutResponse,
  type LayoutSection,
  type Picklist,
  type PicklistsResponse,
  type RecordType,
} from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

/** remote_config row holding { Case: overrides, Report: overrides } (product §3 Remote configuration). */
export const LAYOUT_OVERRIDES_KEY = 'case-layout-overrides';

/** Reports are for internal users only (product §6): their layout too. */
function visibleKind(user: User, kind: 'Case' | 'Report'): boolean {
  return kind === 'Case' || user.kind === 'internal';
}

export async function recordTypes(db: Kysely<Database>, user: User): Promise<RecordType[]> {
  const rows = await db.selectFrom('case_record_types').selectAll().orderBy('kind').execute();
  return rows.filter((r) => visibleKind(user, r.kind));
}

async function recordType(db: Kysely<Database>, user: User, id: string): Promise<RecordType> {
  const row = await db
    .selectFrom('case_record_types')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'Record type not found');
  if (!visibleKind(user, row.kind)) throw new HttpError(403, 'Reports are for internal users only');
  return row;
}

export async function overridesOf(
  db: Kysely<Database>,
  kind: 'Case' | 'Report',
): Promise<LayoutOverrides> {
  const row = await db
    .selectFrom('remote_config')
    .select('value')
    .where('key', '=', LAYOUT_OVERRIDES_KEY)
    .executeTakeFirst();
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  // An operator's typo must not take the screens down: a malformed entry is no override.
  const parsed = layoutOverridesSchema.safeParse(stored[kind] ?? {});
  return parsed.success ? parsed.data : { hiddenSections: [], hiddenFields: [], required: [] };
}

/** Hidden sections (by id or heading) and fields go; fields named in `required` become required. */
export function applyOverrides(sections: LayoutSection[], o: LayoutOverrides): LayoutSection[] {
  const hiddenSections = new Set(o.hiddenSections);
  const hiddenFields = new Set(o.hiddenFields);
  const required = new Set(o.required);
  return sections
    .filter((s) => !hiddenSections.has(s.id) && !hiddenSections.has(s.heading))
    .map((s) => ({
      ...s,
      fields: s.fields
        .filter((f) => !hiddenFields.has(f.apiName))
        .map((f) => (required.has(f.apiName) ? { ...f, required: true } : f)),
    }))
    .filter((s) => s.fields.length > 0);
}

async function layoutRow(db: Kysely<Database>, recordTypeId: string) {
  const row = await db
    .selectFrom('case_layouts')
    .select(['sections', 'picklists'])
    .where('record_type_id', '=', recordTypeId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'Record type not found');
  return row;
}

/** record-ui layout with the overrides applied, plus record-defaults/create. */
export async function layoutOf(
  db: Kysely<Database>,
  user: User,
  recordTypeId: string,
  productName: string,
): Promise<LayoutResponse> {
  const type = await recordType(db, user, recordTypeId);
  const row = await layoutRow(db, recordTypeId);
  const sections = applyOverrides(
    row.sections as LayoutSection[],
    await overridesOf(db, type.kind),
  );
  const defaults: Record<string, FieldValue> = {
    Origin: `${productName} App`,
    RecordTypeId: type.id,
    Status: 'Created',
    // product §6: the user's own account and contact are defaulted from the user record.
    AccountId: user.accountId,
    ContactId: user.contactId,
  };
  return { recordType: type, sections, defaults };
}

/** object-info picklist-values/{recordTypeId}. */
export async function picklistsOf(
  db: Kysely<Database>,
  user: User,
  recordTypeId: string,
): Promise<PicklistsResponse> {
  await recordType(db, user, recordTypeId);
  const row = await layoutRow(db, recordTypeId);
  return { recordTypeId, picklists: row.picklists as Record<string, Picklist> };
}
