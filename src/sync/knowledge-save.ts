import { getArticle } from '../api/knowledge';
import { db } from '../db/db';
import { searchResultsKey } from '../domain/knowledge-tabs';
import { markKnowledgeSynced, storeArticle, type SearchAsk } from './knowledge';
import { storeAttachments } from './knowledge-files';
import { outcomeOf, type RefreshOutcome } from './outcome';

/**
 * "Save for offline": the article and its attachments' bytes go into Dexie and the
 * article is marked savedAt, so it opens, searches and downloads without a connection.
 */

export interface SaveProgress {
  done: number;
  total: number;
}

async function saveOne(ownerUserId: string, uniqueId: string, signal?: AbortSignal) {
  const article = await getArticle(uniqueId, signal);
  await storeAttachments(ownerUserId, article, signal);
  // Marked saved only once its files are in: a half-saved article is not promised offline.
  await storeArticle(ownerUserId, article, { saved: true });
}

/** Saves one article with its attachments. */
export async function saveArticleForOffline(
  ownerUserId: string,
  uniqueId: string,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  try {
    await saveOne(ownerUserId, uniqueId, signal);
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/**
 * Saves every article of a search results page, one after the other (two cores, and a phone
 * on a weak signal: no burst of parallel downloads), reporting progress. Stops at the first
 * failure and says how far it got; what was saved stays saved.
 */
export async function saveResultsPageForOffline(
  ownerUserId: string,
  ask: SearchAsk,
  uniqueIds: readonly string[],
  onProgress: (p: SaveProgress) => void,
  signal?: AbortSignal,
): Promise<RefreshOutcome & { saved: number }> {
  let saved = 0;
  onProgress({ done: 0, total: uniqueIds.length });
  try {
    for (const id of uniqueIds) {
      await saveOne(ownerUserId, id, signal);
      saved++;
      onProgress({ done: saved, total: uniqueIds.length });
    }
    const key = searchResultsKey(ask.tab, ask.term, ask.page);
    await db.knowledgeResults.update([ownerUserId, key], { savedAt: Date.now() });
    await markKnowledgeSynced(
      ownerUserId,
      `Saved ${saved} article${saved === 1 ? '' : 's'} of "${ask.term.trim()}" for offline`,
    );
    return { status: 'ok', saved };
  } catch (error) {
    return { ...outcomeOf(error), saved };
  }
}
