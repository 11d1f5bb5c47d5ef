import {
  articleSchema,
  bulletinsResponseSchema,
  knowledgeSearchResponseSchema,
  manualsResponseSchema,
  type Article,
  type BulletinsResponse,
  type KnowledgeSearchQuery,
  type KnowledgeSearchResponse,
  type ManualsResponse,
} from '../../contract/knowledge';
import { apiBlob, apiRequest } from './client';

/** The knowledge endpoints of contract/knowledge.ts: the gateway is the search provider. */

/** GET /api/v1/knowledge/search: one page of ranked results of a category tab. */
export function searchKnowledge(
  q: Partial<KnowledgeSearchQuery> & { q: string },
  signal?: AbortSignal,
): Promise<KnowledgeSearchResponse> {
  return apiRequest('/api/v1/knowledge/search', {
    schema: knowledgeSearchResponseSchema,
    query: {
      q: q.q,
      c: q.c,
      page: q.page === undefined ? undefined : String(q.page),
      product: q.product,
    },
    signal,
  });
}

/** GET /api/v1/knowledge/articles/:uniqueId: the sanitised HTML and the attachments. */
export function getArticle(uniqueId: string, signal?: AbortSignal): Promise<Article> {
  return apiRequest(`/api/v1/knowledge/articles/${encodeURIComponent(uniqueId)}`, {
    schema: articleSchema,
    signal,
  });
}

/** GET /api/v1/knowledge/manuals?model=: the model family's manuals by section. */
export function getManuals(model: string, signal?: AbortSignal): Promise<ManualsResponse> {
  return apiRequest('/api/v1/knowledge/manuals', {
    schema: manualsResponseSchema,
    query: { model },
    signal,
  });
}

/** The machine a campaign is shown for: its related bulletins come model first, then family. */
export interface BulletinsMachine {
  model?: string;
  family?: string;
}

/** GET /api/v1/knowledge/bulletins?campaign=: the documents related to one campaign. */
export function getBulletins(
  campaign: string,
  machine: BulletinsMachine = {},
  signal?: AbortSignal,
): Promise<BulletinsResponse> {
  const query: Record<string, string> = { campaign };
  if (machine.model) query.model = machine.model;
  if (machine.family) query.family = machine.family;
  return apiRequest('/api/v1/knowledge/bulletins', {
    schema: bulletinsResponseSchema,
    query,
    signal,
  });
}

/** An attachment's bytes, from its `url` (a gateway path, `/api/v1/files/{id}`). */
export function downloadFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, { signal });
}
