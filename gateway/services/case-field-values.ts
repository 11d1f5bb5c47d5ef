import type { Kysely } from 'kysely';
import {
  FORM_EMAIL_MESSAGE,
  FORM_FORMAT_MESSAGE,
  INVALID_FIELD_ERROR_CODE,
  PICKLIST_NONE,
  type CreateCaseFields,
} from '../../contract/case-create';
import type { FieldValue, LayoutField, Picklist } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

/*
 * A new case's field values, one at a time, against the field's layout type (product §5 Dynamic
 * form): the stored value, or a 400 naming the field and the reason.
 */

/**
 * Picklists the wizard fills from the parts catalogue rather than the form: when the catalogue
 * fails they become free text (product §8), so any text is accepted there.
 */
const CATALOGUE_FIELDS: ReadonlySet<string> = new Set(['Assembly__c', 'Sub_Assembly__c']);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,40}$/;
const URL_PATTERN = /^https?:\/\/[^\s]+$/i;
const DIGITS = /^\d+(\.\d+)?$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?Z?$/;
/** The longest number a form field holds (product §9 engine hours: 8 characters). */
const NUMBER_MAX_CHARS = 12;

export function invalid(field: string, reason: string): HttpError {
  return new HttpError(400, `${field}: ${reason}`, INVALID_FIELD_ERROR_CODE);
}

/** Empty, '-None-' and blank text are "no value" (product §5: such values are left out). */
export function isEmpty(v: FieldValue | undefined): boolean {
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

/** What a field's value is checked against: the caller, the other fields, the picklists. */
export interface FieldContext {
  db: Kysely<Database>;
  user: User;
  fields: CreateCaseFields;
  picklists: Record<string, Picklist>;
}

/** A picklist value legal for the record type and, when dependent, for its controller's value. */
function picklistValue(field: LayoutField, v: FieldValue, c: FieldContext): string {
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
async function referenceValue(field: LayoutField, v: FieldValue, c: FieldContext): Promise<string> {
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
export async function columnValue(
  field: LayoutField,
  v: FieldValue,
  c: FieldContext,
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
