import { z } from 'zod/mini';
import { RECORD_KINDS } from './record-kinds';
import { caseSummarySchema } from './machines';

/*
 * product §2 Case detail and Case list screens, §3 Case and report, Feed item, Feed attachment,
 * File version, Contact, Dynamic form field types, §4 Cases and Dependent picklists, §7 "Cases
 * and wizard", §8 and §9. Record field values are keyed by the CRM's API names (Subject,
 * Serial_Number__c, ...) because layouts name fields that way and are data, not code.
 */

/** product §8: a case that cannot be loaded (404 or 400). */
export const CASE_NOT_FOUND_MESSAGE =
  'The Case you requested was not found. If you believe this to be an error please contact your Administrator.';
export const NO_CASE_HISTORY_MESSAGE = 'No Case History to Display';
/** CRM record ids in paths: letters and digits, at most 40. */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;
/** A path parameter holding a CRM record id; anything else answers 400 with this message. */
export const recordIdOf = (what: string) =>
  z.string().check(z.regex(RECORD_ID_PATTERN, `The ${what} id is not valid`));
/** A malformed case id reads like a missing case on the screen (product §8: 404 or 400). */
export const caseParamsSchema = z.object({
  id: z.string().check(z.regex(RECORD_ID_PATTERN, CASE_NOT_FOUND_MESSAGE)),
});

/** product §9: related cases page size. */
export const CASE_PAGE_SIZE = 100;
/** The dealer case list may be fetched in bigger pages (the screen windows 500 rows). */
export const CASE_PAGE_MAX = 500;
/** product §9: typeaheads other than the model's start at 3 characters. */
export const LOOKUP_MIN_CHARS = 3;
export const LOOKUP_MIN_CHARS_MESSAGE = `Type at least ${LOOKUP_MIN_CHARS} characters`;
/** One uploaded file at most this many bytes; the gateway answers 413 above. */
export const CASE_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const CASE_FILE_TOO_LARGE_MESSAGE = 'The file is larger than 25 MB';
/** A sound recording at most this many bytes (30 s of Opus or AAC is well under 1 MB). */
export const CASE_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
export const CASE_AUDIO_TOO_LARGE_MESSAGE =
  'The sound recording is larger than 5 MB: record at most 30 seconds';
/** A video at most this many bytes (15 s recorded at 640×480 is about 2 MB). */
export const CASE_VIDEO_MAX_BYTES = 20 * 1024 * 1024;
export const CASE_VIDEO_TOO_LARGE_MESSAGE =
  'The video is larger than 20 MB: record at most 15 seconds or send a shorter clip';
export const CASE_FILE_TYPE_MESSAGE =
  'This file type is not accepted: attach images (JPEG, PNG, GIF, WebP, HEIC), sound recordings (WebM, MP4, M4A, Ogg, MP3), videos (WebM, MP4, MOV), PDF, text, CSV or Office documents';
/** product §4: closing a case sets this status. */
export const CLOSED_STATUS = 'Resolved';
/** An update posted to a Resolved case reopens it with this status. */
export const REOPENED_STATUS = 'Updated';
/** Set by the TSC only: neither a close nor an update changes it (the record stays closed). */
export const FORCED_CLOSED_STATUS = 'Forced Closed';
/** product §9 fixed feed values. */
export const FEED_CHANNEL = 'Web';
export const FEED_TYPE = 'Customer';
export const FEED_TITLE = 'Service Web';
export const TEXT_UPDATE_NAME = 'Text Update';
/** Statuses of the demo data and of the dealer list's filter (product §2). */
export const CASE_STATUSES = [
  'Created',
  'Updated',
  'Awaiting Feedback',
  'Resolved',
  FORCED_CLOSED_STATUS,
] as const;
/** product §2: the dealer list's default Status selection. */
export const DEFAULT_CASE_STATUS_FILTER = ['Updated', 'Created', 'Awaiting Feedback'] as const;
/** Longest thread text accepted in one update. */
export const FEED_BODY_MAX = 32_000;
/** Files one update may name. */
export const FEED_FILES_MAX = 20;

export const recordKindSchema = z.enum(RECORD_KINDS);
export type RecordKind = z.infer<typeof recordKindSchema>;

/** A record type (docs/product.md: the ids are data in the gateway's database). */
export const recordTypeSchema = z.object({
  id: z.string(),
  kind: recordKindSchema,
  name: z.string(),
});
export type RecordType = z.infer<typeof recordTypeSchema>;
export const recordTypesResponseSchema = z.object({ recordTypes: z.array(recordTypeSchema) });

/** A row of every case list (Case History, dealer list, machine tabs, Recent Cases). */
export const caseListRowSchema = z.extend(caseSummarySchema, {
  recordType: recordKindSchema,
  serialNumber: z.nullable(z.string()),
  modelNumber: z.nullable(z.string()),
  /** ISO date-time. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseListRow = z.infer<typeof caseListRowSchema>;

/** Paging of the lists: latest activity first, an opaque cursor to the next page. */
export const caseListQuerySchema = z.object({
  after: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(CASE_PAGE_MAX)),
    CASE_PAGE_SIZE,
  ),
});
export type CaseListQuery = z.input<typeof caseListQuerySchema>;
export const caseListResponseSchema = z.object({
  cases: z.array(caseListRowSchema),
  /** Cursor of the next page; null on the last. */
  next: z.nullable(z.string()),
  /** Every record of the list (for "n of m" and progress). */
  total: z.int(),
});
export type CaseListResponse = z.infer<typeof caseListResponseSchema>;

/** A field value as the record holds it: text, number, yes/no or empty. */
export const fieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** The machine behind a case (product §2 header: inventory info). */
export const caseInventorySchema = z.object({
  inventoryId: z.nullable(z.string()),
  description: z.nullable(z.string()),
  /** The owner (end customer). */
  ownerName: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  servicingDealerName: z.nullable(z.string()),
});
export type CaseInventory = z.infer<typeof caseInventorySchema>;

/** record-ui: the case or report, its header and every field of the creation list by API name. */
export const caseDetailSchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  recordType: recordKindSchema,
  recordTypeId: z.string(),
  subject: z.string(),
  status: z.string(),
  description: z.nullable(z.string()),
  serialNumber: z.nullable(z.string()),
  modelNumber: z.nullable(z.string()),
  pin: z.nullable(z.string()),
  accountId: z.nullable(z.string()),
  accountName: z.nullable(z.string()),
  contactId: z.nullable(z.string()),
  contactName: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
  submitterName: z.nullable(z.string()),
  submitterEmail: z.nullable(z.string()),
  ownerName: z.nullable(z.string()),
  inventory: caseInventorySchema,
  /** ISO date-times. */
  createdAt: z.string(),
  updatedAt: z.string(),
  isClosed: z.boolean(),
  /**
   * Every field by API name (Origin, DTC_Error_Codes__c, Terrain__c, ...): the layout reads
   * these. Reference fields hold the referenced record's name (the ids are above); DateTime
   * fields an ISO date-time; empty fields null.
   */
  fields: z.record(z.string(), fieldValueSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;
export const caseDetailResponseSchema = z.object({ case: caseDetailSchema });

/** product §3 Feed attachment, with the stored file behind it (File version). */
export const feedAttachmentSchema = z.object({
  /** The file (ContentDocumentId). */
  id: z.string(),
  name: z.string(),
  /** MIME type sniffed from the bytes. */
  contentType: z.string(),
  /** Lower-case extension: jpg, png, pdf, ... */
  fileExtension: z.string(),
  /** Bytes. */
  size: z.int(),
  /** ISO date-time. */
  date: z.string(),
  /** Shown as a picture: an image with a thumbnail (one too large to draw is a file). */
  isImage: z.boolean(),
  /** Icon name for the download list: image, pdf, text, spreadsheet, document, file. */
  icon: z.string(),
  /** Same-origin URL of the bytes. */
  url: z.string(),
  /** Same-origin URL of a small JPEG (images only). */
  thumbnailUrl: z.nullable(z.string()),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
});
export type FeedAttachment = z.infer<typeof feedAttachmentSchema>;

/** product §3 Feed item. */
export const feedItemSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  body: z.string(),
  channel: z.string(),
  type: z.string(),
  title: z.string(),
  /** The first file's id, or 'Text Update' for a text-only update. */
  name: z.string(),
  /** ISO date-time. */
  createdAt: z.string(),
  authorName: z.nullable(z.string()),
  attachments: z.array(feedAttachmentSchema),
});
export type FeedItem = z.infer<typeof feedItemSchema>;
/** Oldest first: a conversation reads top to bottom. */
export const caseFeedResponseSchema = z.object({ items: z.array(feedItemSchema) });
export type CaseFeedResponse = z.infer<typeof caseFeedResponseSchema>;

/** POST /api/v1/cases/:id/files (multipart, one part named "file"): the stored file. */
export const uploadedFileSchema = z.extend(feedAttachmentSchema, { caseId: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** POST /api/v1/cases/:id/feed: thread text and/or files uploaded before, optionally closing. */
export const postFeedItemSchema = z
  .object({
    body: z._default(
      z.string().check(z.trim(), z.maxLength(FEED_BODY_MAX, `At most ${FEED_BODY_MAX} characters`)),
      '',
    ),
    fileIds: z._default(
      z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.maxLength(FEED_FILES_MAX)),
      [],
    ),
    close: z._default(z.boolean(), false),
  })
  .check(
    z.refine((v) => v.body.length > 0 || v.fileIds.length > 0, {
      message: 'Write an update or attach a file',
    }),
  );
export type PostFeedItem = z.input<typeof postFeedItemSchema>;
export const postFeedItemResponseSchema = z.object({
  item: feedItemSchema,
  status: z.string(),
});
export type PostFeedItemResponse = z.infer<typeof postFeedItemResponseSchema>;

/** POST /api/v1/cases/:id/close: sets Status to Resolved (idempotent). */
export const closeCaseResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  updatedAt: z.string(),
});
export type CloseCaseResponse = z.infer<typeof closeCaseResponseSchema>;

/** product §3 Dynamic form field types. */
export const FIELD_TYPES = [
  'Picklist',
  'DateTime',
  'Time',
  'Reference',
  'String',
  'Phone',
  'URL',
  'TextArea',
  'Double',
  'Percent',
  'Currency',
  'Email',
  'Boolean',
] as const;
export const fieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const layoutFieldSchema = z.object({
  apiName: z.string(),
  label: z.string(),
  type: fieldTypeSchema,
  required: z.boolean(),
  editableForNew: z.boolean(),
  editableForUpdate: z.boolean(),
  /** Reference fields: the object looked up (Account, Contact, Inventory). */
  referenceTo: z.nullable(z.string()),
  /** Picklists: the controlling field's API name, when the values depend on one. */
  controllerName: z.nullable(z.string()),
  maxLength: z.nullable(z.int()),
});
export type LayoutField = z.infer<typeof layoutFieldSchema>;

export const layoutSectionSchema = z.object({
  id: z.string(),
  heading: z.string(),
  fields: z.array(layoutFieldSchema),
});
export type LayoutSection = z.infer<typeof layoutSectionSchema>;

/** record-ui layout plus record-defaults, with the remote-config overrides already applied. */
export const layoutResponseSchema = z.object({
  recordType: recordTypeSchema,
  sections: z.array(layoutSectionSchema),
  /** Values a new record starts with (Origin, RecordTypeId, the user's account and contact). */
  defaults: z.record(z.string(), fieldValueSchema),
});
export type LayoutResponse = z.infer<typeof layoutResponseSchema>;

/** Remote-config overrides of one record kind (product §3 Remote configuration). */
export const layoutOverridesSchema = z.object({
  hiddenSections: z._default(z.array(z.string()), []),
  hiddenFields: z._default(z.array(z.string()), []),
  required: z._default(z.array(z.string()), []),
});
export type LayoutOverrides = z.infer<typeof layoutOverridesSchema>;

export const picklistValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Controlling values under which this value is offered; empty when the field has no controller. */
  validFor: z.array(z.string()),
});
export type PicklistValue = z.infer<typeof picklistValueSchema>;

export const picklistSchema = z.object({
  controllerName: z.nullable(z.string()),
  defaultValue: z.nullable(z.string()),
  values: z.array(picklistValueSchema),
});
export type Picklist = z.infer<typeof picklistSchema>;

/** object-info picklist-values/{recordTypeId}: every picklist of the record type by API name. */
export const picklistsResponseSchema = z.object({
  recordTypeId: z.string(),
  picklists: z.record(z.string(), picklistSchema),
});
export type PicklistsResponse = z.infer<typeof picklistsResponseSchema>;

/** lookups/Case/{field}?q=...: q from 3 characters; bindings such as AccountId narrow the search. */
export const lookupQuerySchema = z.object({
  q: z
    .string()
    .check(z.trim(), z.minLength(LOOKUP_MIN_CHARS, LOOKUP_MIN_CHARS_MESSAGE), z.maxLength(80)),
  /** Dependent field binding: contacts of this account, machines of this owner. */
  AccountId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
});
export const lookupRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A second line: city and state, email, model ... */
  detail: z.nullable(z.string()),
});
export type LookupRecord = z.infer<typeof lookupRecordSchema>;
export const lookupResponseSchema = z.object({
  field: z.string(),
  /** The object the field refers to. */
  objectName: z.string(),
  count: z.int(),
  records: z.array(lookupRecordSchema),
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;
