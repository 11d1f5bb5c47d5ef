import type {
  Article,
  BulletinsResponse,
  KnowledgeSearchQuery,
  KnowledgeSearchResponse,
  ManualsResponse,
} from '../../contract/knowledge';
import { apiBlob, apiRequest } from './client';

/** The knowledge endpoints of contract/knowledge.ts: the gateway is the search provider. */

/** GET /api/v1/knowledge/search: one page of ranked results of a category tab. */
export function searchKnowledge(
  q: Partial<KnowledgeSearchQuery> & { q: string },
  signal?: AbortSignal,
): Promise<KnowledgeSearchResponse> {
  return apiRequest<KnowledgeSearchResponse>('/api/v1/knowledge/search', {
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
  return apiRequest<Article>(`/api/v1/knowledge/articles/${encodeURIComponent(uniqueId)}`, {
    signal,
  });
}

/** GET /api/v1/knowledge/manuals?model=: the model family's manuals by section. */
export function getManuals(model: string, signal?: AbortSignal): Promise<ManualsResponse> {
  return apiRequest<ManualsResponse>('/api/v1/knowledge/manuals', { query: { model }, signal });
}

/** GET /api/v1/knowledge/bulletins?campaign=: the documents related to one campaign. */
export function getBulletins(campaign: string, signal?: AbortSignal): Promise<BulletinsResponse> {
  return apiRequest<BulletinsResponse>('/api/v1/knowledge/bulletins', {
    query: { campaign },
    signal,
  });
}

/** An attachment's bytes, from its `url` (a gateway path, `/api/v1/files/{id}`). */
export function downloadFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, { signal });
}
