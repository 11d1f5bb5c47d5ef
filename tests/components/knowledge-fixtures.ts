import type { Article, KnowledgeSearchResponse, SearchResult } from '../../contract/knowledge';
import type { RemoteConfig } from '../../contract';
import { remoteConfig } from './render';

export const knowledgeConfig: RemoteConfig = remoteConfig({
  knowledge: {
    tabs: [
      { id: 'all', label: 'All', documentTypes: ['Article', 'Manual'], facets: [] },
      { id: 'articles', label: 'Knowledge Articles', documentTypes: ['Article'], facets: [] },
      { id: 'manuals', label: 'Manuals', documentTypes: ['Manual'], facets: [] },
      {
        id: 'bulletins',
        label: 'Bulletins',
        documentTypes: ['Campaign Bulletin', 'Service Bulletin'],
        facets: [],
      },
    ],
    attachmentBaseUrl: '/api/v1/files/',
    productFacets: [],
    searchTemplate: { documentTypes: ['Article'] },
    manualsTemplate: { documentTypes: ['Manual'] },
    campaignsTemplate: { documentTypes: ['Campaign Bulletin'] },
  },
});

export function searchResult(i: number, over: Partial<SearchResult> = {}): SearchResult {
  const uniqueId = `KA-${1000 + i}`;
  const title = `Hydraulic pump note ${i}`;
  return {
    uniqueId,
    title,
    excerpt: `Check the hydraulic pump seal, step ${i}.`,
    highlights: [[10, 19]],
    clickUri: `/knowledge/answer?uniqueID=${uniqueId}&title=${encodeURIComponent(title)}`,
    parentResult: null,
    raw: {
      documenttype: 'Article',
      filetype: 'html',
      categorylevel1: 'Service',
      categorylevel2: 'Hydraulics',
      categorylevel3: 'Pumps',
      categorylevel4: 'Pump Seals',
      commonproduct: null,
      manualsection: null,
      campaignname: null,
    },
    ...over,
  };
}

export function searchResponse(
  totalCount: number,
  page = 1,
  results = Array.from(
    { length: Math.min(10, Math.max(0, totalCount - (page - 1) * 10)) },
    (_, i) => searchResult((page - 1) * 10 + i),
  ),
): KnowledgeSearchResponse {
  return {
    results,
    totalCount,
    page,
    pageCount: Math.min(Math.ceil(totalCount / 10), 100),
    facets: [],
    fuzzy: false,
  };
}

export function article(over: Partial<Article> = {}): Article {
  return {
    uniqueId: 'KA-PASSWORD-RESET',
    title: 'Resetting your password',
    html: '<h2>Steps</h2><p>Open <b>Settings</b> and choose Reset.</p>',
    text: 'Steps. Open Settings and choose Reset.',
    documentType: 'Article',
    categorylevel4: 'Accounts',
    commonproduct: null,
    attachments: [
      {
        id: 'f-1',
        title: 'Reset guide',
        fileType: 'pdf',
        contentType: 'application/pdf',
        size: 1200,
        url: '/api/v1/files/f-1',
      },
    ],
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...over,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}
