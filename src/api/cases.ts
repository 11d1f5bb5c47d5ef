import {
  caseDetailResponseSchema,
  caseFeedResponseSchema,
  caseListResponseSchema,
  layoutResponseSchema,
  type CaseDetail,
  type CaseListResponse,
  type FeedItem,
  type LayoutResponse,
} from '../../contract/cases';
import { apiBlob, apiRequest } from './client';

/**
 * The case endpoints of contract/cases.ts. Every answer is parsed with its schema here, so
 * nothing unchecked reaches IndexedDB.
 */

const seg = encodeURIComponent;

/** Where a case's endpoints live; the outbox's write kinds build their paths here too. */
export const casePaths = {
  detail: (id: string) => `/api/v1/cases/${seg(id)}`,
  feed: (id: string) => `/api/v1/cases/${seg(id)}/feed`,
  files: (id: string) => `/api/v1/cases/${seg(id)}/files`,
  close: (id: string) => `/api/v1/cases/${seg(id)}/close`,
  dealerList: () => '/api/v1/cases',
  orgList: (orgId: string) => `/api/v1/organisations/${seg(orgId)}/cases`,
  layout: (recordTypeId: string) => `/api/v1/cases/layouts/${seg(recordTypeId)}`,
};

/** GET a case (record-ui): 404 for a case that does not exist or is another dealer's. */
export async function getCase(id: string, signal?: AbortSignal): Promise<CaseDetail> {
  return (await apiRequest(casePaths.detail(id), { schema: caseDetailResponseSchema, signal }))
    .case;
}

/** GET a case's feed items with their attachments, oldest first. */
export async function getCaseFeed(id: string, signal?: AbortSignal): Promise<FeedItem[]> {
  return (await apiRequest(casePaths.feed(id), { schema: caseFeedResponseSchema, signal })).items;
}

export type CaseListSource = { kind: 'dealer' } | { kind: 'org'; orgId: string };

/** One page of a case list, newest first. */
export async function getCaseListPage(
  source: CaseListSource,
  query: { after?: string; limit?: number },
  signal?: AbortSignal,
): Promise<CaseListResponse> {
  const path = source.kind === 'dealer' ? casePaths.dealerList() : casePaths.orgList(source.orgId);
  return apiRequest(path, {
    schema: caseListResponseSchema,
    query: { after: query.after, limit: query.limit?.toString() },
    signal,
  });
}

/** GET a record type's layout (the Additional Details accordion). */
export async function getLayout(
  recordTypeId: string,
  signal?: AbortSignal,
): Promise<LayoutResponse> {
  return apiRequest(casePaths.layout(recordTypeId), { schema: layoutResponseSchema, signal });
}

/** An attachment's bytes or thumbnail (same-origin URLs the feed names). */
export function getCaseFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, { signal });
}
