import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import {
  KNOWLEDGE_MAX_PAGES,
  KNOWLEDGE_PAGE_SIZE,
  type DocumentType,
} from '../../../contract/knowledge';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { useRemoteConfig } from '../../components/use-remote-config';
import { db } from '../../db/db';
import type { KnowledgeResultsRow } from '../../db/schema';
import { searchResultsKey } from '../../domain/knowledge-tabs';
import { recordRecentSearch, refreshSearch, type SearchAsk } from '../../sync/knowledge';
import type { RefreshOutcome } from '../../sync/outcome';
import { searchOffline } from '../../workers/knowledge-index-handle';
import { OFFLINE_INDEX_FAILED } from './texts';

/** What the results list shows, from a stored gateway page or from the offline index. */
export interface ShownResult {
  uniqueId: string;
  title: string;
  excerpt: string;
  highlights: readonly (readonly [number, number])[];
  clickUri: string;
  category: string;
}

export interface ShownPage {
  source: 'gateway' | 'offline-index';
  results: ShownResult[];
  totalCount: number;
  pageCount: number;
  /** The gateway answered with its misspelling fallback. */
  fuzzy: boolean;
  /** When the stored page was fetched (gateway source). */
  syncedAt?: number;
  /** Documents of the tab searched on the device (offline-index source). */
  searchedCount?: number;
  /** The page shown (offline-index source: the last one when the asked page is past the end). */
  page?: number;
}

type SearchRow = Extract<KnowledgeResultsRow, { kind: 'search' }>;

function fromRow(row: SearchRow): ShownPage {
  const r = row.response;
  return {
    source: 'gateway',
    results: r.results.map((x) => ({
      uniqueId: x.uniqueId,
      title: x.title,
      excerpt: x.excerpt,
      highlights: x.highlights,
      clickUri: x.clickUri,
      category: x.raw.categorylevel4,
    })),
    totalCount: r.totalCount,
    pageCount: Math.min(r.pageCount, KNOWLEDGE_MAX_PAGES),
    fuzzy: r.fuzzy,
    syncedAt: row.syncedAt,
  };
}

type OfflineState = { ask: SearchAsk; page: ShownPage } | { ask: SearchAsk; error: string };

/**
 * One knowledge search page: the stored answer first (a live query), refreshed from the
 * gateway when online. Offline, or when the gateway cannot be reached, a page stored for
 * exactly this question is shown as it was; any other question goes to the offline index.
 */
export function useKnowledgeSearch(userId: string | undefined, ask: SearchAsk | null) {
  const online = useOnline();
  const term = ask?.term ?? '';
  const tab = ask?.tab ?? '';
  const page = ask?.page ?? 1;
  const key = ask ? searchResultsKey(tab, term, page) : null;

  const row = useLiveQuery(async (): Promise<SearchRow | null> => {
    if (!userId || !key) return null;
    const found = await db.knowledgeResults.get([userId, key]);
    return found?.kind === 'search' ? found : null;
  }, [userId, key]);

  const [refresh, setRefresh] = useState<{ key: string; outcome: RefreshOutcome | 'loading' }>();
  // The stored page is painted before the gateway is asked (use-kept-shown-first.ts).
  const keptShown = useKeptShownFirst(userId && key ? row : undefined);
  useEffect(() => {
    if (!userId || !key || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh({ key, outcome: 'loading' });
    refreshSearch(userId, { term, tab, page }, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh({ key, outcome }),
      () => undefined, // aborted: the question changed
    );
    return () => controller.abort();
  }, [userId, key, term, tab, page, online, keptShown]);

  const outcome = refresh?.key === key ? refresh.outcome : null;
  const unreachable =
    !online || (outcome !== null && outcome !== 'loading' && outcome.status === 'offline');
  const needsIndex = Boolean(ask && unreachable && row === null);

  const config = useRemoteConfig();
  const documentTypes = config?.knowledge?.tabs.find((t) => t.id === tab)?.documentTypes;
  const typesKey = documentTypes?.join('|');
  // Until the kept configuration is read, the tab's document types are unknown: searching then
  // would show, for a moment, documents of every type under the tab.
  const configRead = config !== undefined;

  const [offline, setOffline] = useState<OfflineState>();
  useEffect(() => {
    if (!userId || !needsIndex || !term || !configRead) return;
    let live = true;
    const current = { term, tab, page };
    const types = typesKey?.split('|') as DocumentType[] | undefined;
    searchOffline(userId, term, page, KNOWLEDGE_PAGE_SIZE, types).then(
      (answer) => {
        if (!live) return;
        const pageCount = Math.min(
          Math.ceil(answer.total / KNOWLEDGE_PAGE_SIZE),
          KNOWLEDGE_MAX_PAGES,
        );
        setOffline({
          ask: current,
          page: {
            source: 'offline-index',
            results: answer.hits.map((h) => ({ ...h, highlights: [] })),
            totalCount: answer.total,
            pageCount,
            fuzzy: false,
            searchedCount: answer.searched,
            page: answer.page,
          },
        });
      },
      () => live && setOffline({ ask: current, error: OFFLINE_INDEX_FAILED }),
    );
    // An offline search is a search too: it belongs in the recent searches.
    if (page === 1) recordRecentSearch(userId, term, tab).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, needsIndex, term, tab, page, typesKey, configRead]);

  const offlineCurrent =
    offline && offline.ask.term === term && offline.ask.tab === tab && offline.ask.page === page
      ? offline
      : undefined;

  let shown: ShownPage | null = null;
  if (row) shown = fromRow(row);
  else if (needsIndex && offlineCurrent && 'page' in offlineCurrent) shown = offlineCurrent.page;

  return {
    shown,
    outcome,
    unreachable,
    /** Still waiting for something to show. */
    pending:
      Boolean(ask) &&
      !shown &&
      (row === undefined || outcome === 'loading' || (needsIndex && !offlineCurrent)),
    indexError: offlineCurrent && 'error' in offlineCurrent ? offlineCurrent.error : null,
  };
}
