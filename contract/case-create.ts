import { z } from 'zod/mini';
import { recordKindSchema } from './cases';
import { searchResultSchema } from './knowledge';

/*
 * product §2 Create case or report wizard, §3 Case and report (the fields sent on creation),
 * Contact (new), Assembly tree (parts catalog); §4 Wizard (analytics events); §5 Wizard, Dynamic
 * form and New contact; §7 "Cases and wizard" and "Predictions" (book ids, catalogue limit);
 * §8; §9. Writes carry an Idempotency-Key header like every other queued write (product §4).
 */

// ---------------------------------------------------------------- messages and limits (§5, §8, §9)

export const SUBJECT_REQUIRED_MESSAGE = 'Subject cannot be empty.';
/** Parts step: Assembly, Sub Assembly and Causal Part. */
export const PARTS_FIELD_REQUIRED_MESSAGE = 'Field is required.';
export const MACHINE_HOURS_REQUIRED_MESSAGE = 'Machine Hours is required.';
/** Dynamic form patterns. */
export const FORM_EMAIL_MESSAGE = 'Must be a valid email';
export const FORM_FORMAT_MESSAGE = 'Must be valid format';
/** New contact and the account/contact step. */
export const CONTACT_REQUIRED_MESSAGE = 'This field is required!';
export const CONTACT_EMAIL_MESSAGE = 'Must be in a valid email format';
export const CONTACT_PHONE_MESSAGE = 'Must be in a valid phone format';
export const CONTACT_CREATION_ERROR_MESSAGE = 'We were unable to create your contact.';
export const CASE_CREATION_ERROR_MESSAGE =
  'There has been an error creating your case. Please restart the case creation process';
export const CASE_CREATED_MESSAGE = 'Thank you for your submission';
export const WHO_IS_THIS_REPORT_FOR = 'Who is this Report for?';

/** product §9: knowledge suggestions shown. */
export const CASE_ASSIST_MAX = 6;
/** product §7 Predictions: the catalogue call gives up after 10 s. */
export const PARTS_CATALOGUE_TIMEOUT_MS = 10_000;
/** product §7 Predictions: book ids are rewritten to start with 100. */
export const BOOK_ID_PREFIX = '100';
/** product §9: contact type of a new contact. */
export const DEALER_CONTACT_TYPE = 'Dealer Contact';
/** product §9: the business unit sent with case assist and analytics (the USA unit). */
export const DEFAULT_BUSINESS_UNIT = 'USA';
/** product §4 Dependent picklists: the empty choice; a value equal to it is never sent. */
export const PICKLIST_NONE = '-None-';
/** Origin sent on creation: `{product} App` (product §3). */
export const caseOriginOf = (productName: string) => `${productName} App`;
/** Time of day appended to typed dates (product §5, §9); the failure date uses midnight. */
export const DATE_TIME_SUFFIX = 'T12:00:00Z';
export const FAILURE_DATE_TIME_SUFFIX = 'T00:00:00Z';
/** Longest subject accepted (the layout's String length). */
export const SUBJECT_MAX = 255;

// ---------------------------------------------------------------- creating a case or report

/**
 * product §3 Case and report: every field a new case or report may carry, by API name. The
 * gateway refuses any other name; which are required, their types and legal picklist values
 * come from the record type's layout and picklists (with the remote-config overrides).
 */
export const CASE_CREATION_FIELDS = [
  'Origin',
  'Inventory__c',
  'RecordTypeId',
  'AccountId',
  'ContactId',
  'Subject',
  'Description',
  'DTC_Error_Codes__c',
  'Serial_Number__c',
  'Model_Number__c',
  'PIN__c',
  'IMEI_Number__c',
  'Failure_Date__c',
  'Probable_Cause_Remarks__c',
  'Assembly__c',
  'Sub_Assembly__c',
  'Causal_Part_Number__c',
  'Causal_Part__c',
  'Current_Engine_Hours__c',
  'Engine_Usage_Reading__c',
  'Dealer_Work_Order_Number__c',
  'Implement_Name__c',
  'Implement_Attachment_SN__c',
  'Symptom_Description__c',
  'Defect_Description__c',
  'Remedy_Description__c',
  'Troubleshooting__c',
  'Operating_Conditions__c',
  'Terrain__c',
  'Terrain_Remarks__c',
  'Ground_Cover__c',
  'Ground_Cover_Remarks__c',
  'Ambient_Conditions__c',
  'Ambient_Remarks__c',
  'Fuel_Level__c',
  'Last_Service_Date__c',
  'Failure_Time__c',
  'Estimated_Repair_Cost__c',
  'Site_Contact_Phone__c',
  'Site_Contact_Email__c',
  'Failure_Video_URL__c',
] as const;
export type CaseCreationField = (typeof CASE_CREATION_FIELDS)[number];

/**
 * POST /api/v1/cases (Idempotency-Key): `fields` by API name, as the CRM's records call took
 * them. RecordTypeId says case or report (reports: internal users only, 403 otherwise).
 * Reference fields carry the id; DateTime fields an ISO date-time (YYYY-MM-DDT12:00:00Z,
 * Failure_Date__c YYYY-MM-DDT00:00:00Z); Double, Percent and Currency numbers (or digit
 * strings). Origin is set by the gateway whatever is sent.
 */
export const createCaseRequestSchema = z.object({
  fields: z.catchall(
    z.object({
      RecordTypeId: z
        .string()
        .check(z.trim(), z.minLength(1, 'RecordTypeId is required'), z.maxLength(40)),
    }),
    z.union([z.string(), z.number(), z.boolean(), z.null()], {
      error: 'A field value is text, a number, true, false or null',
    }),
  ),
});
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;
export type CreateCaseFields = z.infer<typeof createCaseRequestSchema>['fields'];

/** 201: the new record; the first feed item and files then go to the existing endpoints. */
export const createCaseResponseSchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  recordType: recordKindSchema,
  recordTypeId: z.string(),
  status: z.string(),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type CreateCaseResponse = z.infer<typeof createCaseResponseSchema>;

/**
 * A refused field answers 400 with errorCode `invalid-field` and the message
 * `{ApiName}: {reason}` (e.g. "Current_Engine_Hours__c: Machine Hours is required.").
 */
export const INVALID_FIELD_ERROR_CODE = 'invalid-field';
/** The field and reason of an `invalid-field` refusal; null for any other error. */
export function invalidFieldOf(error: {
  errorCode?: string;
  message: string;
}): { field: string; reason: string } | null {
  if (error.errorCode !== INVALID_FIELD_ERROR_CODE) return null;
  const at = error.message.indexOf(': ');
  if (at < 0) return null;
  return { field: error.message.slice(0, at), reason: error.message.slice(at + 2) };
}

// ---------------------------------------------------------------- new contact (§3, §5)

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 10 to 13 digits, an optional leading plus, parentheses and dash, space or dot separators. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

export function isContactEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
export function isContactPhone(value: string): boolean {
  const v = value.trim();
  if (!PHONE_PATTERN.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 13;
}

const required = (max: number) =>
  z
    .string({ error: CONTACT_REQUIRED_MESSAGE })
    .check(
      z.trim(),
      z.minLength(1, CONTACT_REQUIRED_MESSAGE),
      z.maxLength(max, `At most ${max} characters`),
    );

/** POST /api/v1/contacts (Idempotency-Key): a contact of the chosen account, type Dealer Contact. */
export const createContactRequestSchema = z.object({
  accountId: required(40),
  firstName: required(40),
  lastName: required(80),
  phone: required(40).check(z.refine(isContactPhone, CONTACT_PHONE_MESSAGE)),
  email: required(80).check(z.refine(isContactEmail, CONTACT_EMAIL_MESSAGE)),
  type: z._default(z.literal(DEALER_CONTACT_TYPE), DEALER_CONTACT_TYPE),
});
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;

/** 201: the contact, found from then on by the Contact lookup of its account. */
export const createContactResponseSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  type: z.string(),
});
export type CreateContactResponse = z.infer<typeof createContactResponseSchema>;

// ---------------------------------------------------------------- case assist (§2 step 2, §7)

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/**
 * GET /api/v1/case-assist?subject=&dtc=&serial=&model=&businessUnit= : at most 6 knowledge
 * documents for what the user typed, restricted and boosted by the model's family and the DTC
 * codes (comma separated); items of the CRM are never suggested.
 */
export const caseAssistQuerySchema = z.object({
  subject: z
    .string({ error: SUBJECT_REQUIRED_MESSAGE })
    .check(
      z.trim(),
      z.minLength(1, SUBJECT_REQUIRED_MESSAGE),
      z.maxLength(SUBJECT_MAX, `The subject is at most ${SUBJECT_MAX} characters.`),
    ),
  dtc: optionalText(200),
  serial: optionalText(40),
  model: optionalText(40),
  businessUnit: optionalText(40),
});
export type CaseAssistQuery = z.input<typeof caseAssistQuerySchema>;
export const caseAssistResponseSchema = z.object({
  results: z.array(searchResultSchema).check(z.maxLength(CASE_ASSIST_MAX)),
});
export type CaseAssistResponse = z.infer<typeof caseAssistResponseSchema>;

// ---------------------------------------------------------------- DTC values (§7 GetDTCValues)

/** GET /api/v1/machines/dtc-codes?model= : the model's DTC values for the step 1 typeahead. */
export const dtcCodesQuerySchema = z.object({
  model: z.string().check(z.trim(), z.minLength(1, 'model is required'), z.maxLength(40)),
});
export const dtcCodeSchema = z.object({ code: z.string(), description: z.nullable(z.string()) });
export type DtcCode = z.infer<typeof dtcCodeSchema>;
export const dtcCodesResponseSchema = z.object({
  modelNumber: z.string(),
  codes: z.array(dtcCodeSchema),
});
export type DtcCodesResponse = z.infer<typeof dtcCodesResponseSchema>;

// ---------------------------------------------------------------- parts catalogue (§3, §7)

export const partsCatalogueQuerySchema = z.object({
  model: z.string().check(z.trim(), z.minLength(1, 'model is required'), z.maxLength(40)),
});

/** GET /api/v1/parts-catalogue/book-ids?model= : the model's books, each starting with 100. */
export const bookIdsResponseSchema = z.object({
  modelNumber: z.string(),
  bookIds: z.array(z.string()),
});
export type BookIdsResponse = z.infer<typeof bookIdsResponseSchema>;

export const catalogPartSchema = z.object({ name: z.string(), number: z.string() });
export type CatalogPart = z.infer<typeof catalogPartSchema>;
export const subAssemblySchema = z.object({
  id: z.string(),
  name: z.string(),
  parts: z.array(catalogPartSchema),
});
export type SubAssembly = z.infer<typeof subAssemblySchema>;
export const assemblySchema = z.object({
  id: z.string(),
  name: z.string(),
  subAssemblies: z.array(subAssemblySchema),
});
export type Assembly = z.infer<typeof assemblySchema>;

/**
 * GET /api/v1/parts-catalogue?model= : the assembly tree of the model's books. The gateway
 * answers 504 when the catalogue takes longer than 10 s; the PWA gives up at the same limit
 * and turns Assembly, Sub Assembly and Causal Part into free text.
 */
export const partsCatalogueResponseSchema = z.object({
  modelNumber: z.string(),
  bookIds: z.array(z.string()),
  assemblies: z.array(assemblySchema),
});
export type PartsCatalogueResponse = z.infer<typeof partsCatalogueResponseSchema>;

// ---------------------------------------------------------------- analytics (§4 Wizard)

export const ANALYTICS_EVENT_TYPES = [
  'ticket_next_stage',
  'ticket_field_update',
  'ticket_cancel',
  'ticket_create',
] as const;
export const analyticsEventTypeSchema = z.enum(ANALYTICS_EVENT_TYPES);
export type AnalyticsEventType = z.infer<typeof analyticsEventTypeSchema>;
export const cancelReasonSchema = z.enum(['Solved', 'Quit']);
export type CancelReason = z.infer<typeof cancelReasonSchema>;

const CLIENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const analyticsEventSchema = z
  .object({
    /** Chosen by the client: a replayed event is recorded once. */
    id: z.string().check(z.regex(CLIENT_ID, 'The event id is not valid')),
    /** One run of the wizard: its events share it (started = distinct runs). */
    wizardId: z.string().check(z.regex(CLIENT_ID, 'The wizard id is not valid')),
    type: analyticsEventTypeSchema,
    /** ISO date-time on the device. */
    occurredAt: z.iso.datetime({ offset: true }),
    recordType: z._default(recordKindSchema, 'Case'),
    subject: z._default(z.string().check(z.trim(), z.maxLength(SUBJECT_MAX)), ''),
    serialNumber: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(40))), null),
    modelNumber: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(40))), null),
    dtcCode: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(200))), null),
    businessUnit: z._default(z.string().check(z.trim(), z.maxLength(40)), DEFAULT_BUSINESS_UNIT),
    /** ticket_next_stage: the step reached ("1", "2", "3", "3.5", "4", "4.1", "5", "6"). */
    stage: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(10))), null),
    /** ticket_field_update: the field's API name (or the wizard's own field name). */
    field: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(80))), null),
    /** ticket_cancel only. */
    reason: z._default(z.nullable(cancelReasonSchema), null),
    /** ticket_cancel with Solved: the article that solved it. */
    articleId: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(200))), null),
    /** ticket_create: the new case's id (or the outbox's local id while offline). */
    caseId: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(100))), null),
  })
  .check(
    z.refine((e) => (e.type === 'ticket_cancel') === (e.reason !== null), {
      message: 'A ticket_cancel event has a reason (Solved or Quit); other events have none',
      path: ['reason'],
    }),
  );
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

/** POST /api/v1/case-assist/events: fire-and-forget (sent by a background-sync queue). */
export const ANALYTICS_BATCH_MAX = 100;
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(ANALYTICS_BATCH_MAX)),
});
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;
/** 202: how many events were new (replays are not counted twice). */
export const analyticsBatchResponseSchema = z.object({
  accepted: z.int(),
  recorded: z.int(),
});
export type AnalyticsBatchResponse = z.infer<typeof analyticsBatchResponseSchema>;

/** GET /api/v1/admin/case-assist/deflection?from=&to= (administrators; days YYYY-MM-DD, UTC). */
export const DEFLECTION_MAX_DAYS = 366;
const day = z.iso.date('Dates are YYYY-MM-DD');
export const deflectionQuerySchema = z.object({ from: z.optional(day), to: z.optional(day) });
export type DeflectionQuery = z.input<typeof deflectionQuerySchema>;

export const deflectionCountsSchema = z.object({
  /** Wizard runs with at least one event. */
  started: z.int(),
  /** ticket_cancel with reason Solved: an article solved it, no case filed. */
  solved: z.int(),
  /** ticket_cancel with reason Quit. */
  cancelled: z.int(),
  /** ticket_create. */
  created: z.int(),
});
export type DeflectionCounts = z.infer<typeof deflectionCountsSchema>;
export const deflectionDaySchema = z.extend(deflectionCountsSchema, { date: z.string() });
export const deflectionSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One row per day of the range that had events, oldest first. */
  days: z.array(deflectionDaySchema),
  totals: deflectionCountsSchema,
});
export type DeflectionSummary = z.infer<typeof deflectionSummarySchema>;
