import * as knowledge from '../../contract/endpoints/knowledge';
import type {
  Article,
  BulletinsResponse,
  KnowledgeSearchQuery,
  KnowledgeSearchResponse,
  ManualsResponse,
} from '../../contract/knowledge';
import { apiBlob } from './client';
import { callApi } from './endpoint-client';

/** The endpoints of contract/endpoints/knowledge.ts: the gateway is the search provider. */

/** One page of ranked results of a category tab. */
export function searchKnowledge(
  q: Partial<KnowledgeSearchQuery> & { q: string },
  signal?: AbortSignal,
): Promise<KnowledgeSearchResponse> {
  return callApi(knowledge.searchKnowledge, {
    query: {
      q: q.q,
      c: q.c,
      page: q.page === undefined ? undefined : String(q.page),
      product: q.product,
    },
    signal,
  });
}

/** An article: the sanitised HTML and the attachments. */
export function getArticle(uniqueId: string, signal?: AbortSignal): Promise<Article> {
  return callApi(knowledge.getArticle, { params: { uniqueId }, signal });
}

/** The model family's manuals by section. */
export function getManuals(model: string, signal?: AbortSignal): Promise<ManualsResponse> {
  return callApi(knowledge.getManuals, { query: { model }, signal });
}

/** The machine a campaign is shown for: its related bulletins come model first, then family. */
export interface BulletinsMachine {
  model?: string;
  family?: string;
}

/** The documents related to one campaign. */
export function getBulletins(
  campaign: string,
  machine: BulletinsMachine = {},
  signal?: AbortSignal,
): Promise<BulletinsResponse> {
  const query: Record<string, string> = { campaign };
  if (machine.model) query.model = machine.model;
  if (machine.family) query.family = machine.family;
  return callApi(knowledge.getBulletins, { query, signal });
}

/** An attachment's bytes, from its `url` (a gateway path: contract/endpoints/knowledge.ts getFile). */
export function downloadFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, { signal });
}
