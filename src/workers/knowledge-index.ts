import MiniSearch from 'minisearch';
import type { DocumentType, SearchResult } from '../../contract/knowledge';

/**
 * The offline knowledge index: MiniSearch over the articles kept on the device and
 * the search results seen, one document per uniqueId. A plain module so unit tests and the
 * in-page fallback run it without a worker; knowledge-index.worker.ts only exposes it.
 */

export interface IndexDoc {
  uniqueId: string;
  title: string;
  /** The article's plain text, or a result's excerpt when only the result was seen. */
  text: string;
  category: string;
  documentType: DocumentType;
  clickUri: string;
  /** True when the whole article is on the device (it opens offline). */
  kept: boolean;
  /** The model family it is about (the product facet); null for every product. */
  product: string | null;
}

export interface OfflineHit {
  uniqueId: string;
  title: string;
  excerpt: string;
  category: string;
  clickUri: string;
  kept: boolean;
  product: string | null;
  score: number;
}

/** What the index is built from: rows as Dexie stores them (only the fields it reads). */
export interface IndexSource {
  articles: readonly {
    uniqueId: string;
    article: {
      title: string;
      text: string;
      categorylevel4: string;
      documentType: DocumentType;
      /** Kept by earlier versions without it. */
      commonproduct?: string | null;
    };
  }[];
  results: readonly { results: readonly SearchResult[] }[];
}

const EXCERPT_CHARS = 240;

function articleUri(uniqueId: string, title: string): string {
  return `/knowledge/answer?${new URLSearchParams({ uniqueID: uniqueId, title })}`;
}

/** One document per uniqueId: a kept article wins over a result that only has an excerpt. */
export function indexDocsOf(source: IndexSource): IndexDoc[] {
  const docs = new Map<string, IndexDoc>();
  for (const page of source.results) {
    for (const r of page.results) {
      if (docs.has(r.uniqueId)) continue;
      docs.set(r.uniqueId, {
        uniqueId: r.uniqueId,
        title: r.title,
        text: r.excerpt,
        category: r.raw.categorylevel4,
        documentType: r.raw.documenttype,
        clickUri: r.clickUri,
        kept: false,
        product: r.raw.commonproduct,
      });
    }
  }
  for (const a of source.articles) {
    docs.set(a.uniqueId, {
      uniqueId: a.uniqueId,
      title: a.article.title,
      text: a.article.text,
      category: a.article.categorylevel4,
      documentType: a.article.documentType,
      clickUri: articleUri(a.uniqueId, a.article.title),
      kept: true,
      product: a.article.commonproduct ?? null,
    });
  }
  return [...docs.values()];
}

export interface OfflineAnswer {
  /** Matches within the tab's document types. */
  total: number;
  hits: OfflineHit[];
  /** Where the hits start: `offset`, or the last page's start when `offset` is past the end. */
  offset: number;
  /** Documents of the tab's types on the device: what was searched. */
  searched: number;
}

export interface KnowledgeIndex {
  /**
   * Ranked matches of the tab's document types (all when absent): the total, and the hits
   * from `offset` (only those get an excerpt).
   */
  search(
    term: string,
    offset?: number,
    limit?: number,
    documentTypes?: readonly DocumentType[],
  ): OfflineAnswer;
  readonly size: number;
  readonly keptCount: number;
}

/** Title matches count most, then category, then the body; prefix and fuzzy (≈0.2) matching. */
export function buildKnowledgeIndex(docs: readonly IndexDoc[]): KnowledgeIndex {
  const mini = new MiniSearch<IndexDoc>({
    idField: 'uniqueId',
    fields: ['title', 'text', 'category'],
    storeFields: [],
    searchOptions: { boost: { title: 3, category: 1.5 }, prefix: true, fuzzy: 0.2 },
  });
  mini.addAll(docs);
  const byId = new Map(docs.map((d) => [d.uniqueId, d]));
  return {
    size: docs.length,
    keptCount: docs.filter((d) => d.kept).length,
    search(term, offset = 0, limit = 50, documentTypes) {
      const inTab = (d: IndexDoc | undefined) =>
        Boolean(d && (!documentTypes || documentTypes.includes(d.documentType)));
      const searched = documentTypes ? docs.filter(inTab).length : docs.length;
      const q = term.trim();
      if (!q) return { total: 0, hits: [], offset: 0, searched };
      const filter = (r: { id: unknown }) => inTab(byId.get(String(r.id)));
      // Every word should match; when no document has them all, any word will do.
      let found = mini.search(q, { combineWith: 'AND', filter });
      if (found.length === 0) found = mini.search(q, { combineWith: 'OR', filter });
      // A page past the end (the gateway had more pages than the device holds) shows the last.
      const start =
        offset >= found.length && found.length > 0
          ? Math.floor((found.length - 1) / limit) * limit
          : offset;
      const hits = found.slice(start, start + limit).flatMap((r) => {
        const d = byId.get(String(r.id));
        if (!d) return [];
        return [
          {
            uniqueId: d.uniqueId,
            title: d.title,
            excerpt: excerptOf(d.text),
            category: d.category,
            clickUri: d.clickUri,
            kept: d.kept,
            product: d.product,
            score: r.score,
          },
        ];
      });
      return { total: found.length, hits, offset: start, searched };
    },
  };
}

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= EXCERPT_CHARS ? flat : `${flat.slice(0, EXCERPT_CHARS).trimEnd()}…`;
}
