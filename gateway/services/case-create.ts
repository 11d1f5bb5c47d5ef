import { sql, type Kysely } from 'kysely';
import {
  CASE_CREATION_FIELDS,
  MACHINE_HOURS_REQUIRED_MESSAGE,
  PARTS_FIELD_REQUIRED_MESSAGE,
  SUBJECT_REQUIRED_MESSAGE,
  caseOriginOf,
  type CreateCaseFields,
  type CreateCaseResponse,
} from '../../contract/case-create';
import type { LayoutSection, Picklist } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { CasesTable, Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { applyOverrides, overridesOf } from './case-layouts';
import { CASE_FIELD_COLUMNS } from './case-fields';
import { columnValue, invalid, isEmpty, type FieldContext } from './case-field-values';
import { newId } from './case-updates';

/** The status every new case and report starts in. */
const NEW_STATUS = 'Created';

const CREATABLE: ReadonlySet<string> = new Set(CASE_CREATION_FIELDS);
const COLUMN_OF = new Map(CASE_FIELD_COLUMNS);

/** Fields the gateway sets itself whatever the caller sent. */
const SET_BY_GATEWAY: ReadonlySet<string> = new Set(['Origin', 'RecordTypeId']);

/** product §5: the messages the wizard shows for these required fields. */
const REQUIRED_MESSAGES: Record<string, string> = {
  Subject: SUBJECT_REQUIRED_MESSAGE,
  Current_Engine_Hours__c: MACHINE_HOURS_REQUIRED_MESSAGE,
};

async function recordTypeOf(db: Kysely<Database>, user: User, id: string) {
  const row = await db
    .selectFrom('case_record_types as t')
    .innerJoin('case_layouts as l', 'l.record_type_id', 't.id')
    .select(['t.id', 't.kind', 'l.sections', 'l.picklists'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) throw invalid('RecordTypeId', 'The record type was not found');
  // product §6: reports are for internal users only.
  if (row.kind === 'Report' && user.kind !== 'internal') {
    throw new HttpError(403, 'Reports are for internal users only');
  }
  return row;
}

/**
 * POST /api/v1/cases (product §3 Case and report, §5 Wizard and Dynamic form): every field is
 * checked against the record type's layout with the remote-config overrides (required, type,
 * picklist legality and dependencies, references the user may see); a refusal is a 400 naming
 * the field. The case number comes from the sequence; the first feed item and files follow
 * through the feed and file endpoints.
 */
export async function createCase(
  db: Kysely<Database>,
  user: User,
  fields: CreateCaseFields,
  productName: string,
): Promise<CreateCaseResponse> {
  const type = await recordTypeOf(db, user, fields.RecordTypeId);
  for (const name of Object.keys(fields)) {
    if (!CREATABLE.has(name)) throw invalid(name, 'This field cannot be set on a new record');
  }
  const all = (type.sections as LayoutSection[]).flatMap((s) => s.fields);
  const layout = new Map(all.map((f) => [f.apiName, f]));
  const visible = applyOverrides(
    type.sections as LayoutSection[],
    await overridesOf(db, type.kind),
  );
  const c: FieldContext = {
    db,
    user,
    fields,
    picklists: type.picklists as Record<string, Picklist>,
  };

  // product §5: required from the layout and the overrides; a hidden field is never required.
  for (const f of visible.flatMap((s) => s.fields)) {
    if (f.required && CREATABLE.has(f.apiName) && !SET_BY_GATEWAY.has(f.apiName)) {
      if (isEmpty(fields[f.apiName])) {
        throw invalid(f.apiName, REQUIRED_MESSAGES[f.apiName] ?? PARTS_FIELD_REQUIRED_MESSAGE);
      }
    }
  }

  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SET_BY_GATEWAY.has(name) || isEmpty(value)) continue;
    const field = layout.get(name);
    if (!field) throw invalid(name, 'This field is not on the layout of the record type');
    row[COLUMN_OF.get(name)!] = await columnValue(field, value, c);
  }
  const subject = row.subject;
  if (typeof subject !== 'string' || subject === '') {
    throw invalid('Subject', SUBJECT_REQUIRED_MESSAGE);
  }
  // product §6: the user's own account is the default; a dealer's cases are its own.
  const accountId = (row.account_id as string | undefined) ?? user.accountId;
  if (user.kind !== 'internal' && !accountId) {
    throw invalid('AccountId', 'Your user has no organisation to file cases for');
  }
  const contactId =
    (row.contact_id as string | undefined) ??
    (accountId === user.accountId ? user.contactId : null);

  const { rows } = await sql<{ n: string }>`SELECT nextval('case_number_seq')::text AS n`.execute(
    db,
  );
  const caseNumber = rows[0]!.n.padStart(8, '0');
  const id = newId('500');
  const inserted = await db
    .insertInto('cases')
    .values({
      ...(row as Partial<CasesTable>),
      id,
      case_number: caseNumber,
      record_type: type.kind,
      record_type_id: type.id,
      origin: caseOriginOf(productName),
      status: NEW_STATUS,
      subject,
      account_id: accountId,
      contact_id: contactId,
      submitted_by: user.id,
    } as never)
    .returning(['id', 'case_number', 'record_type', 'record_type_id', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: inserted.id,
    caseNumber: inserted.case_number,
    recordType: inserted.record_type,
    recordTypeId: inserted.record_type_id ?? type.id,
    status: inserted.status,
    createdAt: inserted.created_at.toISOString(),
  };
}
