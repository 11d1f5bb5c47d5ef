import { z } from 'zod/mini';
import { createCaseRequestSchema, createCaseResponseSchema } from '../case-create';
import {
  markCaseReadResponseSchema,
  markCaseReadSchema,
  unreadCasesResponseSchema,
} from '../case-reads';
import {
  caseDetailResponseSchema,
  caseFeedResponseSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  caseParamsSchema,
  closeCaseResponseSchema,
  layoutResponseSchema,
  lookupQuerySchema,
  lookupResponseSchema,
  picklistsResponseSchema,
  postFeedItemResponseSchema,
  postFeedItemSchema,
  recordIdOf,
  recordTypesResponseSchema,
  uploadedFileSchema,
} from '../cases';
import { endpoint } from '../endpoint';

/*
 * product §2 Case detail and Case list, §4 Cases and Wizard, §7 "Cases and wizard". Records are
 * the caller's organisation's: another dealer's case, feed or file answers 404. Reports are for
 * internal users only (product §6), a rule of the record type rather than of the endpoint: the
 * record types leave them out for external users and a Report's layout answers them 403.
 */

export const fileParamsSchema = z.object({ id: recordIdOf('file') });
export const orgParamsSchema = z.object({ orgId: recordIdOf('organisation') });
export const recordTypeParamsSchema = z.object({ recordTypeId: recordIdOf('record type') });
export const fieldParamsSchema = z.object({
  field: z.string().check(z.regex(/^[A-Za-z0-9_]{1,80}$/, 'The field name is not valid')),
});

/** A new case or report (an outbox write; its files and first feed item follow). */
export const createCase = endpoint({
  method: 'POST',
  path: '/api/v1/cases',
  summary: "Creates a case or report in the caller's organisation",
  access: 'user',
  scope: 'organisation',
  body: createCaseRequestSchema,
  responses: { 201: createCaseResponseSchema },
  idempotent: true,
  errors: { 403: 'a Report, created by an external user' },
});

export const listCases = endpoint({
  method: 'GET',
  path: '/api/v1/cases',
  summary: "The caller's dealer's cases, latest activity first, page by page",
  access: 'user',
  scope: 'organisation',
  query: caseListQuerySchema,
  responses: { 200: caseListResponseSchema },
});

export const listOrganisationCases = endpoint({
  method: 'GET',
  path: '/api/v1/organisations/:orgId/cases',
  summary: "One dealer's cases (Case History), latest activity first, page by page",
  access: 'user',
  scope: 'organisation',
  params: orgParamsSchema,
  query: caseListQuerySchema,
  responses: { 200: caseListResponseSchema },
});

export const listUnreadCases = endpoint({
  method: 'GET',
  path: '/api/v1/cases/unread',
  summary: "The caller's cases with entries from others since the caller last opened them",
  access: 'user',
  scope: 'organisation',
  responses: { 200: unreadCasesResponseSchema },
});

/** Opening a case marks it read for the caller (an outbox write; a later mark never moves back). */
export const markCaseRead = endpoint({
  method: 'POST',
  path: '/api/v1/cases/:id/read',
  summary: 'Marks a case read for the caller, as of when it was opened',
  access: 'user',
  scope: 'organisation',
  params: caseParamsSchema,
  body: markCaseReadSchema,
  responses: { 200: markCaseReadResponseSchema },
  idempotent: true,
});

export const getRecordTypes = endpoint({
  method: 'GET',
  path: '/api/v1/cases/record-types',
  summary: 'The record types the caller may create (Case; Report for internal users)',
  access: 'user',
  scope: 'public',
  responses: { 200: recordTypesResponseSchema },
});

export const getLayout = endpoint({
  method: 'GET',
  path: '/api/v1/case-layouts/:recordTypeId',
  summary: "A record type's layout and the values a new record starts with",
  access: 'user',
  scope: 'caller',
  params: recordTypeParamsSchema,
  responses: { 200: layoutResponseSchema },
  errors: { 403: "a Report's layout, asked by an external user" },
});

export const getPicklists = endpoint({
  method: 'GET',
  path: '/api/v1/case-picklists/:recordTypeId',
  summary: "Every picklist of a record type, with the values' dependencies",
  access: 'user',
  scope: 'public',
  params: recordTypeParamsSchema,
  responses: { 200: picklistsResponseSchema },
  errors: { 403: "a Report's picklists, asked by an external user" },
});

export const lookupRecords = endpoint({
  method: 'GET',
  path: '/api/v1/case-lookups/:field',
  summary: 'Typeahead of a reference field (accounts, contacts of an account, machines)',
  access: 'user',
  scope: 'organisation',
  params: fieldParamsSchema,
  query: lookupQuerySchema,
  responses: { 200: lookupResponseSchema },
});

export const getCase = endpoint({
  method: 'GET',
  path: '/api/v1/cases/:id',
  summary: 'One case or report with every field of its layout',
  access: 'user',
  scope: 'organisation',
  params: caseParamsSchema,
  responses: { 200: caseDetailResponseSchema },
});

export const getCaseFeed = endpoint({
  method: 'GET',
  path: '/api/v1/cases/:id/feed',
  summary: "A case's feed items with their attachments, oldest first",
  access: 'user',
  scope: 'organisation',
  params: caseParamsSchema,
  responses: { 200: caseFeedResponseSchema },
});

export const getCaseFile = endpoint({
  method: 'GET',
  path: '/api/v1/case-files/:id',
  summary: "A case attachment's bytes (immutable by id)",
  access: 'user',
  scope: 'organisation',
  params: fileParamsSchema,
  // A byte range (a sound or video played) is answered with 206.
  responses: { 200: null, 206: null },
  content: 'application/octet-stream',
});

export const getCaseFileThumbnail = endpoint({
  method: 'GET',
  path: '/api/v1/case-files/:id/thumbnail',
  summary: 'A small WebP of an image attachment, or the JPEG drawn before WebP (immutable by id)',
  access: 'user',
  scope: 'organisation',
  params: fileParamsSchema,
  responses: { 200: null, 206: null },
  content: 'image/webp',
});

/** One file of an update, before the feed item that names it (an outbox write). */
export const uploadCaseFile = endpoint({
  method: 'POST',
  path: '/api/v1/cases/:id/files',
  summary: 'Stores one file for a case (multipart/form-data, one part named "file")',
  access: 'user',
  scope: 'organisation',
  params: caseParamsSchema,
  upload: { part: 'file' },
  responses: { 201: uploadedFileSchema },
  idempotent: true,
});

/** A feed item: text and/or files uploaded before, optionally closing (an outbox write). */
export const postFeedItem = endpoint({
  method: 'POST',
  path: '/api/v1/cases/:id/feed',
  summary: 'Adds an update to a case (text and/or uploaded files; reopens a Resolved case)',
  access: 'user',
  scope: 'organisation',
  params: caseParamsSchema,
  body: postFeedItemSchema,
  responses: { 201: postFeedItemResponseSchema },
  idempotent: true,
});

/** Sets Status to Resolved (an outbox write). It needs no body: none, or an empty object. */
export const closeCase = endpoint({
  method: 'POST',
  path: '/api/v1/cases/:id/close',
  summary: 'Closes a case (Status Resolved)',
  access: 'user',
  scope: 'organisation',
  params: caseParamsSchema,
  body: z.nullish(z.object({})),
  responses: { 200: closeCaseResponseSchema },
  idempotent: true,
});
