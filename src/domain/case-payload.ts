import type { CaseCreationField, CatalogPart } from '../../contract/case-create';
import type { FieldValue, LayoutField, RecordKind } from '../../contract/cases';
import { isNone } from './dependent-picklists';
import { NUMERIC_TYPES, isEmptyValue, type FormValue, type FormValues } from './dynamic-form';
import { toSentDateTime, toSentFailureDate } from './wizard-dates';

/*
 * The fields of a new case or report as sent (product §3 Case and report "fields sent on
 * creation", §5 Dynamic form, §9). Field names are the CRM's API names: layouts name fields
 * that way.
 */

export interface WizardMachine {
  serial: string;
  model: string;
  pin: string;
  /** The inventory record behind the machine page; null when it was never fetched. */
  inventoryId: string | null;
  imei: string | null;
}

/** Step 3: from the parts catalogue, or typed when the catalogue is not there. */
export interface FailureDetails {
  assembly: string;
  subAssembly: string;
  /** The key part's name as the catalogue gives it: "<number> <name ...>". */
  keyPart: string;
  /** MM/DD/YYYY or empty. */
  failureDate: string;
  probableCauseRemarks: string;
}

export interface CaseCreationInput {
  kind: RecordKind;
  productName: string;
  recordTypeId: string;
  machine: WizardMachine;
  subject: string;
  dtc: string;
  failure: FailureDetails;
  accountId: string | null;
  contactId: string | null;
  /** Step 4's values by API name. */
  form: FormValues;
  /** The layout's fields by API name (types decide how a value is sent). */
  fields: ReadonlyMap<string, LayoutField>;
  /** Record defaults and picklist defaults: a form value equal to its default is not sent. */
  defaults: Readonly<Record<string, FieldValue>>;
}

/** product §3: the causal part number is the key part's first word, the causal part the rest. */
export function splitKeyPart(keyPart: string): { number: string; name: string } {
  const words = keyPart.trim().split(/\s+/).filter(Boolean);
  return { number: words[0] ?? '', name: words.slice(1).join(' ') };
}

/**
 * A catalogue part as the Causal Part field offers it: its name, which starts with its number
 * (product §3), so that splitKeyPart gives the number and the name back. A name without its
 * number gets it in front, never twice.
 */
export function keyPartOption(part: CatalogPart): string {
  const name = part.name.trim();
  const number = part.number.trim();
  return number === '' || name.split(/\s+/)[0] === number ? name : `${number} ${name}`;
}

/** One form value as sent, or undefined when it is left out. */
export function sentFormValue(
  field: LayoutField | undefined,
  value: FormValue | undefined,
  defaultValue: FieldValue | undefined,
): string | number | boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && isNone(value)) return undefined;
  if (isEmptyValue(value)) return undefined;
  let sent: string | number | boolean;
  if (typeof value === 'object') sent = value.id;
  else if (typeof value === 'boolean') sent = value;
  else if (field?.type === 'DateTime') sent = toSentDateTime(value) ?? value.trim();
  else if (field && NUMERIC_TYPES.has(field.type)) sent = Number(value.trim());
  // The form takes a link without its scheme ("video.example/x"); the gateway stores full ones.
  else if (field?.type === 'URL' && !/^https?:\/\//i.test(value.trim())) {
    sent = `https://${value.trim()}`;
  } else sent = value.trim();
  if (defaultValue !== undefined && defaultValue !== null && sent === defaultValue) {
    return undefined;
  }
  return sent;
}

/** Builds the record's fields, in the order of the product's creation list. */
export function buildCaseFields(
  input: CaseCreationInput,
): Record<string, string | number | boolean> {
  const keyPart = splitKeyPart(input.failure.keyPart);
  // The wizard's own steps gather these; the dynamic form never overrides them.
  const wizardValues: Partial<Record<CaseCreationField, string | null | undefined>> = {
    Origin: `${input.productName} App`,
    Inventory__c: input.machine.inventoryId,
    RecordTypeId: input.recordTypeId,
    AccountId: input.accountId,
    ContactId: input.contactId,
    Subject: input.subject,
    DTC_Error_Codes__c: input.dtc,
    Serial_Number__c: input.machine.serial,
    Model_Number__c: input.machine.model,
    PIN__c: input.machine.pin,
    IMEI_Number__c: input.machine.imei,
    Failure_Date__c: toSentFailureDate(input.failure.failureDate),
    Probable_Cause_Remarks__c: input.failure.probableCauseRemarks,
    Assembly__c: input.failure.assembly,
    Sub_Assembly__c: input.failure.subAssembly,
    Causal_Part_Number__c: keyPart.number,
    Causal_Part__c: keyPart.name,
  };

  const out: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(wizardValues)) {
    const text = value?.trim();
    if (text && !isNone(text)) out[name] = text;
  }
  for (const [name, value] of Object.entries(input.form)) {
    if (name in wizardValues) continue;
    const field = input.fields.get(name);
    if (field && !field.editableForNew) continue;
    const sent = sentFormValue(field, value, input.defaults[name]);
    if (sent !== undefined) out[name] = sent;
  }
  return out;
}
