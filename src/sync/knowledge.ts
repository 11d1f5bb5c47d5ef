import type { Article, KnowledgeSearchResponse } from '../../contract/knowledge';
import { getArticle, searchKnowledge } from '../api/knowledge';
import { db, ownerRange } from '../db/db';
import { searchResultsKey } from '../domain/knowledge-tabs';
import { recentSearchesToDrop } from '../domain/recent-searches';
import { KEEP_ON_OPEN_MAX_BYTES, storeAttachments } from './knowledge-files';
import { outcomeOf, type RefreshOutcome } from './outcome';

/**
 * The knowledge area's refreshes (the read path of docs/architecture.md): search pages and
 * articles are fetched from the gateway and written to Dexie, where the screens' live
 * queries and the offline index read them. Nothing here is ever deleted: what was seen stays
 * searchable.
 */

export const KNOWLEDGE_AREA = 'knowledge';

export async function markKnowledgeSynced(ownerUserId: string, detail: string, at = Date.now()) {
  await db.syncState.put({ ownerUserId, area: KNOWLEDGE_AREA, syncedAt: at, detail });
}

/** Records a search in the user's recent searches and applies product §3's rule to the table. */
export async function recordRecentSearch(
  ownerUserId: string,
  term: string,
  category: string,
): Promise<void> {
  const clean = term.trim();
  if (!clean) return;
  await db.transaction('rw', db.recentSearches, async () => {
    await db.recentSearches.add({ ownerUserId, term: clean, category, searchedAt: Date.now() });
    const rows = await db.recentSearches
      .where('[ownerUserId+searchedAt]')
      .between(...ownerRange(ownerUserId))
      .toArray();
    const drop = recentSearchesToDrop(rows).flatMap((r) => (r.id === undefined ? [] : [r.id]));
    if (drop.length) await db.recentSearches.bulkDelete(drop);
  });
}

export interface SearchAsk {
  term: string;
  tab: string;
  page: number;
}

/** Runs one search page on the gateway, stores it under its key and records the search. */
export async function refreshSearch(
  ownerUserId: string,
  ask: SearchAsk,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  try {
    const response: KnowledgeSearchResponse = await searchKnowledge(
      { q: ask.term.trim(), c: ask.tab, page: ask.page },
      signal,
    );
    // The screen moved on while the answer travelled: it no longer wants it recorded.
    signal?.throwIfAborted();
    const now = Date.now();
    await db.transaction('rw', db.knowledgeResults, db.syncState, async () => {
      const key = searchResultsKey(ask.tab, ask.term, ask.page);
      const before = await db.knowledgeResults.get([ownerUserId, key]);
      await db.knowledgeResults.put({
        ownerUserId,
        key,
        kind: 'search',
        response,
        syncedAt: now,
        ...(before?.savedAt ? { savedAt: before.savedAt } : {}),
      });
      await markKnowledgeSynced(ownerUserId, `Search "${ask.term.trim()}"`, now);
    });
    await recordRecentSearch(ownerUserId, ask.term, ask.tab);
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Stores an article as fetched; keeps the viewed and saved marks it already had. */
export async function storeArticle(
  ownerUserId: string,
  article: Article,
  marks: { viewed?: boolean; saved?: boolean },
): Promise<void> {
  const now = Date.now();
  await db.transaction('rw', db.articles, db.syncState, async () => {
    const before = await db.articles.get([ownerUserId, article.uniqueId]);
    const savedAt = marks.saved ? now : before?.savedAt;
    await db.articles.put({
      ownerUserId,
      uniqueId: article.uniqueId,
      article,
      syncedAt: now,
      viewedAt: marks.viewed || !before ? now : before.viewedAt,
      ...(savedAt ? { savedAt } : {}),
    });
    await markKnowledgeSynced(ownerUserId, `Article "${article.title}"`, now);
  });
}

/** Fetches one article for the article view and stores it (the view reads it from Dexie). */
export async function refreshArticle(
  ownerUserId: string,
  uniqueId: string,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  try {
    const article = await getArticle(uniqueId, signal);
    signal?.throwIfAborted();
    await storeArticle(ownerUserId, article, { viewed: true });
    // In the background: the article shows now; a failed or cut-off download only means
    // that file needs a connection later, so it never turns this outcome into an error.
    storeAttachments(ownerUserId, article, signal, KEEP_ON_OPEN_MAX_BYTES).catch(() => undefined);
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}
