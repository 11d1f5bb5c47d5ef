import { sql, type Kysely } from 'kysely';
import {
  CASE_CREATION_FIELDS,
  FORM_EMAIL_MESSAGE,
  FORM_FORMAT_MESSAGE,
  INVALID_FIELD_ERROR_CODE,
  MACHINE_HOURS_REQUIRED_MESSAGE,
  PARTS_FIELD_REQUIRED_MESSAGE,
  PICKLIST_NONE,
  SUBJECT_REQUIRED_MESSAGE,
  caseOriginOf,
  type CreateCaseFields,
  type CreateCaseResponse,
} from '../../contract/case-create';
import type { FieldValue, LayoutField, LayoutSection, Picklist } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { CasesTable, Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { applyOverrides, overridesOf } from './case-layouts';
import { CASE_FIELD_COLUMNS } from './case-fields';
import { newId } from './case-updates';

/** The status every new case and report starts in. */
const NEW_STATUS = 'Created';

const CREATABLE: ReadonlySet<string> = new Set(CASE_CREATION_FIELDS);
const COLUMN_OF = new Map(CASE_FIELD_COLUMNS);

/**
 * Picklists the wizard fills from the parts catalogue rather than the form: when the catalogue
 * fails they become free text (product §8), so any text is accepted there.
 */
const CATALOGUE_FIELDS: ReadonlySet<string> = new Set(['Assembly__c', 'Sub_Assembly__c']);

/** Fields the gateway sets itself whatever the caller sent. */
const SET_BY_GATEWAY: ReadonlySet<string> = new Set(['Origin', 'RecordTypeId']);

/** product §5: the messages the wizard shows for these required fields. */
const REQUIRED_MESSAGES: Record<string, string> = {
  Subject: SUBJECT_REQUIRED_MESSAGE,
  Current_Engine_Hours__c: MACHINE_HOURS_REQUIRED_MESSAGE,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,40}$/;
const URL_PATTERN = /^https?:\/\/[^\s]+$/i;
const DIGITS = /^\d+(\.\d+)?$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?Z?$/;
/** The longest number a form field holds (product §9 engine hours: 8 characters). */
const NUMBER_MAX_CHARS = 12;

function invalid(field: string, reason: string): HttpError {
  return new HttpError(400, `${field}: ${reason}`, INVALID_FIELD_ERROR_CODE);
}

/** Empty, '-None-' and blank text are "no value" (product §5: such values are left out). */
function isEmpty(v: FieldValue | undefined): boolean {
  return (
    v === undefined ||
    v === null ||
    (typeof v === 'string' && (v.trim() === '' || v === PICKLIST_NONE))
  );
}

function text(field: LayoutField, v: FieldValue): string {
  if (typeof v !== 'string') throw invalid(field.apiName, 'Must be text');
  const t = v.trim();
  const max = field.maxLength ?? 32_000;
  if (t.length > max) throw invalid(field.apiName, `At most ${max} characters`);
  return t;
}

function numberOf(field: LayoutField, v: FieldValue): string {
  // product §5: Double, Percent and Currency accept digits only.
  const raw = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : null;
  if (raw === null || !DIGITS.test(raw) || raw.length > NUMBER_MAX_CHARS) {
    throw invalid(field.apiName, 'Must be a number (digits only)');
  }
  return raw;
}

function dateTimeOf(field: LayoutField, v: FieldValue): { day: string; iso: string } {
  const t = typeof v === 'string' ? v.trim() : '';
  const m = DATE_TIME.exec(t);
  const bad = () => invalid(field.apiName, 'Must be a date (YYYY-MM-DD or an ISO date-time)');
  if (!m) throw bad();
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(Date.UTC(y, mo - 1, d));
  // A day the calendar lacks (02/30) would roll into the next month.
  if (
    calendar.getUTCFullYear() !== y ||
    calendar.getUTCMonth() !== mo - 1 ||
    calendar.getUTCDate() !== d
  ) {
    throw bad();
  }
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const at = m[4] ? new Date(t) : calendar;
  if (Number.isNaN(at.getTime())) throw bad();
  return { day, iso: at.toISOString() };
}

interface Context {
  db: Kysely<Database>;
  user: User;
  fields: CreateCaseFields;
  picklists: Record<string, Picklist>;
}

/** A picklist value legal for the record type and, when dependent, for its controller's value. */
function picklistValue(field: LayoutField, v: FieldValue, c: Context): string {
  const value = text(field, v);
  if (CATALOGUE_FIELDS.has(field.apiName)) return value;
  const list = c.picklists[field.apiName];
  const entry = list?.values.find((e) => e.value === value);
  if (!list || !entry)
    throw invalid(field.apiName, `'${value.slice(0, 80)}' is not a value of this list`);
  const controller = list.controllerName;
  if (controller) {
    const ctl = c.fields[controller];
    if (isEmpty(ctl)) throw invalid(field.apiName, `Choose ${controller} first`);
    if (!entry.validFor.includes(String(ctl))) {
      throw invalid(
        field.apiName,
        `'${value.slice(0, 80)}' is not allowed with ${controller} '${String(ctl).slice(0, 80)}'`,
      );
    }
  }
  return value;
}

/** The organisations an external user may file for: its own (its cases are its own, §6). */
async function referenceValue(field: LayoutField, v: FieldValue, c: Context): Promise<string> {
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(v.trim())) {
    throw invalid(field.apiName, 'Must be the id of a record');
  }
  const id = v.trim();
  const { db, user } = c;
  const external = user.kind !== 'internal';
  switch (field.referenceTo) {
    case 'Account': {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || (external && id !== user.accountId)) {
        throw invalid(field.apiName, 'The account was not found');
      }
      return id;
    }
    case 'Contact': {
      const account = c.fields.AccountId ?? user.accountId;
      const row = await db
        .selectFrom('contacts')
        .select(['id', 'account_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || (external && row.account_id !== user.accountId)) {
        throw invalid(field.apiName, 'The contact was not found');
      }
      // product §4 Account/contact: the contact belongs to the chosen account.
      if (typeof account === 'string' && account && row.account_id !== account) {
        throw invalid(field.apiName, 'The contact does not belong to the chosen account');
      }
      return id;
    }
    case 'Inventory': {
      const row = await db
        .selectFrom('machines')
        .select(['id', 'servicing_dealer_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || (external && row.servicing_dealer_id !== user.accountId)) {
        throw invalid(field.apiName, 'The machine was not found');
      }
      return id;
    }
    default:
      throw invalid(field.apiName, 'This reference cannot be set');
  }
}

/** One field's value as its column stores it, or a 400 naming the field and the reason. */
async function columnValue(
  field: LayoutField,
  v: FieldValue,
  c: Context,
): Promise<string | boolean | null> {
  switch (field.type) {
    case 'String':
    case 'TextArea':
      return text(field, v);
    case 'Email': {
      const t = text(field, v);
      if (!EMAIL.test(t)) throw invalid(field.apiName, FORM_EMAIL_MESSAGE);
      return t;
    }
    case 'Phone': {
      const t = text(field, v);
      if (!PHONE.test(t)) throw invalid(field.apiName, FORM_FORMAT_MESSAGE);
      return t;
    }
    case 'URL': {
      const t = text(field, v);
      if (!URL_PATTERN.test(t)) throw invalid(field.apiName, FORM_FORMAT_MESSAGE);
      return t;
    }
    case 'Double':
    case 'Percent':
    case 'Currency':
      return numberOf(field, v);
    case 'DateTime': {
      const d = dateTimeOf(field, v);
      return field.apiName === 'Failure_Date__c' ? d.day : d.iso;
    }
    case 'Time': {
      const t = text(field, v);
      if (!TIME.test(t)) throw invalid(field.apiName, FORM_FORMAT_MESSAGE);
      return t;
    }
    case 'Boolean':
      if (typeof v !== 'boolean') throw invalid(field.apiName, 'Must be true or false');
      return v;
    case 'Picklist':
      return picklistValue(field, v, c);
    case 'Reference':
      return referenceValue(field, v, c);
  }
}

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
  const c: Context = {
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
