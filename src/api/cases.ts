import type { CaseDetail, CaseListResponse, FeedItem, LayoutResponse } from '../../contract/cases';
import * as cases from '../../contract/endpoints/cases';
import { apiBlob } from './client';
import { callApi } from './endpoint-client';

/**
 * The case endpoints of contract/endpoints/cases.ts. Every answer is parsed with its declared
 * schema, so nothing unchecked reaches IndexedDB.
 */

/** GET a case (record-ui): 404 for a case that does not exist or is another dealer's. */
export async function getCase(id: string, signal?: AbortSignal): Promise<CaseDetail> {
  return (await callApi(cases.getCase, { params: { id }, signal })).case;
}

/** GET a case's feed items with their attachments, oldest first. */
export async function getCaseFeed(id: string, signal?: AbortSignal): Promise<FeedItem[]> {
  return (await callApi(cases.getCaseFeed, { params: { id }, signal })).items;
}

export type CaseListSource = { kind: 'dealer' } | { kind: 'org'; orgId: string };

/** One page of a case list, newest first. */
export async function getCaseListPage(
  source: CaseListSource,
  query: { after?: string; limit?: number },
  signal?: AbortSignal,
): Promise<CaseListResponse> {
  const call = { query: { after: query.after, limit: query.limit?.toString() }, signal };
  return source.kind === 'dealer'
    ? callApi(cases.listCases, call)
    : callApi(cases.listOrganisationCases, { ...call, params: { orgId: source.orgId } });
}

/** GET a record type's layout (the Additional Details accordion). */
export async function getLayout(
  recordTypeId: string,
  signal?: AbortSignal,
): Promise<LayoutResponse> {
  return callApi(cases.getLayout, { params: { recordTypeId }, signal });
}

/**
 * An attachment's bytes or thumbnail: the same-origin URLs the feed names (made by the gateway
 * from the getCaseFile and getCaseFileThumbnail declarations).
 */
export function getCaseFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, { signal });
}

/**
 * POST a case read as of `readAt`, under `key` so a resend through the outbox is applied once.
 * A 401 is not renewed here: the mark then waits in the outbox like any other write.
 */
export function sendCaseRead(
  id: string,
  readAt: string,
  key: string,
  signal?: AbortSignal,
): Promise<unknown> {
  return callApi(cases.markCaseRead, {
    params: { id },
    body: { readAt },
    idempotencyKey: key,
    renewOn401: false,
    signal,
  });
}
