import type { DocumentType } from '../../contract/knowledge';
import type { TorqueDb } from '../db/db';
import { ownerRange } from '../db/db';
import {
  buildKnowledgeIndex,
  indexDocsOf,
  type KnowledgeIndex,
  type OfflineHit,
} from './knowledge-index';

/**
 * The offline index for one user, read from Dexie and kept in memory until the user's kept
 * articles or stored results change. Runs in the worker (knowledge-index.worker.ts) and, where
 * a browser or a test has no module workers, in the page.
 */

export interface OfflinePage {
  hits: OfflineHit[];
  total: number;
  /** The page shown: the one asked for, or the last one when that was past the end. */
  page: number;
  /** Documents of the tab's types on the device: what was searched. */
  searched: number;
  /** Whole articles on the device (what "Searching offline copies: N saved articles" counts). */
  keptCount: number;
  size: number;
}

export interface BuildReport {
  size: number;
  keptCount: number;
  /** Reading the rows from IndexedDB; 0 when the cached index was still current. */
  readMs: number;
  /** Building the MiniSearch index from them. */
  buildMs: number;
}

export interface KnowledgeIndexApi {
  /** Builds (or reuses) the user's index; says how big it is and how long building took. */
  build(userId: string): Promise<BuildReport>;
  /** One page (1-based) of ranked matches. */
  search(
    userId: string,
    term: string,
    page: number,
    pageSize: number,
    documentTypes?: readonly DocumentType[],
  ): Promise<OfflinePage>;
}

/** Changes whenever an article is opened or saved, or a search page is stored. */
async function stampOf(database: TorqueDb, userId: string): Promise<string> {
  const range = ownerRange(userId);
  const [articles, lastArticle, results, lastResult] = await Promise.all([
    database.articles
      .where('[ownerUserId+viewedAt]')
      .between(...range)
      .count(),
    database.articles
      .where('[ownerUserId+viewedAt]')
      .between(...range)
      .last(),
    database.knowledgeResults
      .where('[ownerUserId+syncedAt]')
      .between(...range)
      .count(),
    database.knowledgeResults
      .where('[ownerUserId+syncedAt]')
      .between(...range)
      .last(),
  ]);
  return [
    articles,
    lastArticle?.viewedAt ?? 0,
    lastArticle?.savedAt ?? 0,
    results,
    lastResult?.syncedAt ?? 0,
  ].join('|');
}

async function load(
  database: TorqueDb,
  userId: string,
): Promise<{ index: KnowledgeIndex; readMs: number; buildMs: number }> {
  const t0 = performance.now();
  const range = ownerRange(userId);
  const [articles, rows] = await Promise.all([
    database.articles
      .where('[ownerUserId+viewedAt]')
      .between(...range)
      .toArray(),
    database.knowledgeResults
      .where('[ownerUserId+syncedAt]')
      .between(...range)
      .toArray(),
  ]);
  // Manuals and bulletins the machine screens stored are documents too: searchable offline.
  const results = rows.map((r) =>
    r.kind === 'manuals' ? { results: r.response.sections.flatMap((x) => x.results) } : r.response,
  );
  const t1 = performance.now();
  const index = buildKnowledgeIndex(indexDocsOf({ articles, results }));
  return { index, readMs: t1 - t0, buildMs: performance.now() - t1 };
}

export function createIndexService(database: TorqueDb): KnowledgeIndexApi {
  let cached: { userId: string; stamp: string; index: KnowledgeIndex } | null = null;

  async function indexFor(userId: string) {
    const stamp = await stampOf(database, userId);
    if (cached && cached.userId === userId && cached.stamp === stamp)
      return { index: cached.index, readMs: 0, buildMs: 0 };
    const loaded = await load(database, userId);
    cached = { userId, stamp, index: loaded.index };
    return loaded;
  }

  return {
    async build(userId) {
      const { index, readMs, buildMs } = await indexFor(userId);
      return { size: index.size, keptCount: index.keptCount, readMs, buildMs };
    },
    async search(userId, term, page, pageSize, documentTypes) {
      const { index } = await indexFor(userId);
      const answer = index.search(
        term,
        (Math.max(1, page) - 1) * pageSize,
        pageSize,
        documentTypes,
      );
      return {
        hits: answer.hits,
        total: answer.total,
        page: answer.offset / pageSize + 1,
        searched: answer.searched,
        keptCount: index.keptCount,
        size: index.size,
      };
    },
  };
}
