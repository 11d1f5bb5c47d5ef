import type { FieldType, LayoutField, LayoutResponse, RecordKind } from '../../contract/cases';
import {
  FORM_EMAIL_MESSAGE,
  FORM_FORMAT_MESSAGE,
  MACHINE_HOURS_REQUIRED_MESSAGE,
  PARTS_FIELD_REQUIRED_MESSAGE,
} from '../../contract/case-create';
import { parseInputDate } from './wizard-dates';
import { isNone } from './dependent-picklists';

/*
 * The dynamic form of the wizard's step 4 (product §2 Report and Case form pages, §3 Dynamic
 * form field types, §5 Dynamic form). The layout says which fields exist, their types and
 * which are required (overrides already applied by the gateway); this file holds the rules.
 */

export const EMAIL_FIELD_MESSAGE = FORM_EMAIL_MESSAGE;
export const FORMAT_MESSAGE = FORM_FORMAT_MESSAGE;
export const MACHINE_HOURS_MESSAGE = MACHINE_HOURS_REQUIRED_MESSAGE;
export const REQUIRED_MESSAGE = PARTS_FIELD_REQUIRED_MESSAGE;
export const NOT_AVAILABLE = 'N/A';

/** A reference field's value in the form: the id is sent, the name is shown. */
export interface ReferenceValue {
  id: string;
  name: string;
}

export type FormValue = string | boolean | ReferenceValue | null;
export type FormValues = Record<string, FormValue>;

/** Types typed as digits only (product §5). */
export const NUMERIC_TYPES: ReadonlySet<FieldType> = new Set(['Double', 'Percent', 'Currency']);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{7,20}$/;
const URL_PATTERN = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/i;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** product §5: numeric inputs keep digits only while typing. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

export function isEmptyValue(value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'boolean') return false;
  if (typeof value === 'string') return value.trim() === '' || isNone(value);
  return value.id === '';
}

/** The message of a required field left empty. */
export function requiredMessage(field: Pick<LayoutField, 'apiName'>): string {
  return field.apiName === 'Current_Engine_Hours__c' ? MACHINE_HOURS_MESSAGE : REQUIRED_MESSAGE;
}

/** The message for one field's value, or null when it is fine. */
export function fieldError(field: LayoutField, value: FormValue | undefined): string | null {
  if (!field.editableForNew) return null;
  if (isEmptyValue(value)) return field.required ? requiredMessage(field) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (field.maxLength !== null && text.length > field.maxLength) {
    return `At most ${field.maxLength} characters`;
  }
  switch (field.type) {
    case 'Double':
    case 'Percent':
    case 'Currency':
      return /^\d+$/.test(text) ? null : FORMAT_MESSAGE;
    case 'Email':
      return EMAIL_PATTERN.test(text) ? null : EMAIL_FIELD_MESSAGE;
    case 'Phone':
      return PHONE_PATTERN.test(text) ? null : FORMAT_MESSAGE;
    case 'URL':
      return URL_PATTERN.test(text) ? null : FORMAT_MESSAGE;
    case 'DateTime':
      return parseInputDate(text) ? null : FORMAT_MESSAGE;
    case 'Time':
      return TIME_PATTERN.test(text) ? null : FORMAT_MESSAGE;
    default:
      return null;
  }
}

/** Every message of the fields shown, by API name. */
export function formErrors(
  fields: readonly LayoutField[],
  values: FormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const message = fieldError(f, values[f.apiName]);
    if (message) errors[f.apiName] = message;
  }
  return errors;
}

/** product §2: the form's two pages and the fields on each, by record kind. */
export const FORM_PAGES: Record<RecordKind, readonly [FormPage, FormPage]> = {
  Case: [
    {
      heading: 'Machine Information',
      fields: [
        'Current_Engine_Hours__c',
        'Engine_Usage_Reading__c',
        'Dealer_Work_Order_Number__c',
        'Implement_Name__c',
        'Implement_Attachment_SN__c',
      ],
    },
    {
      heading: 'Issue Information',
      fields: [
        'Operating_Conditions__c',
        'Ambient_Conditions__c',
        'Terrain__c',
        'Symptom_Description__c',
        'Defect_Description__c',
        'Remedy_Description__c',
        'Description',
      ],
    },
  ],
  Report: [
    {
      heading: 'Issue Information',
      fields: [
        'Current_Engine_Hours__c',
        'Implement_Attachment_SN__c',
        'Implement_Name__c',
        'IMEI_Number__c',
        'Fuel_Level__c',
        'Last_Service_Date__c',
        'Failure_Time__c',
        'Symptom_Description__c',
        'Remedy_Description__c',
        'Description',
        'Troubleshooting__c',
        'Estimated_Repair_Cost__c',
        'Site_Contact_Phone__c',
        'Site_Contact_Email__c',
        'Failure_Video_URL__c',
      ],
    },
    {
      heading: 'Environment Information',
      fields: [
        'Operating_Conditions__c',
        'Terrain__c',
        'Terrain_Remarks__c',
        'Ground_Cover__c',
        'Ground_Cover_Remarks__c',
        'Ambient_Conditions__c',
        'Ambient_Remarks__c',
      ],
    },
  ],
};

export interface FormPage {
  heading: string;
  fields: readonly string[];
}

/** product §2: each remarks field appears once its list has a value. */
export const REMARKS_OF: Readonly<Record<string, string>> = {
  Terrain_Remarks__c: 'Terrain__c',
  Ground_Cover_Remarks__c: 'Ground_Cover__c',
  Ambient_Remarks__c: 'Ambient_Conditions__c',
};

/** The layout's fields by API name (hidden sections and fields are not in the layout). */
export function layoutFields(layout: LayoutResponse): Map<string, LayoutField> {
  const map = new Map<string, LayoutField>();
  for (const section of layout.sections) for (const f of section.fields) map.set(f.apiName, f);
  return map;
}

// One read-only copy per layout field: a page asked for again gives the same objects, so its
// fields need not render again.
const readOnlyCopies = new WeakMap<LayoutField, LayoutField>();
function readOnlyField(field: LayoutField): LayoutField {
  let copy = readOnlyCopies.get(field);
  if (!copy) readOnlyCopies.set(field, (copy = { ...field, editableForNew: false }));
  return copy;
}

/**
 * The fields a page shows now: those of the page the layout has (a hidden field is simply
 * absent), remarks only once their list is chosen. IMEI stays read-only (product §2).
 */
export function pageFields(
  layout: LayoutResponse,
  kind: RecordKind,
  page: 0 | 1,
  values: FormValues,
): LayoutField[] {
  const byName = layoutFields(layout);
  const shown: LayoutField[] = [];
  for (const name of FORM_PAGES[kind][page].fields) {
    const field = byName.get(name);
    if (!field) continue;
    const list = REMARKS_OF[name];
    if (list && isEmptyValue(values[list])) continue;
    shown.push(name === 'IMEI_Number__c' ? readOnlyField(field) : field);
  }
  return shown;
}

/** How a read-only field shows its value (product §6: N/A when empty). */
export function readOnlyText(value: FormValue | undefined): string {
  if (isEmptyValue(value)) return NOT_AVAILABLE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return value!.name;
}
