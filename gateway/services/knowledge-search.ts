import { sql, type Kysely } from 'kysely';
import {
  KNOWLEDGE_MAX_PAGES,
  KNOWLEDGE_PAGE_SIZE,
  type DocumentType,
  type Facet,
  type KnowledgeConfig,
  type KnowledgeSearchQuery,
  type KnowledgeSearchResponse,
} from '../../contract/knowledge';
import type { Database } from '../db/schema';
import { readKnowledgeConfig, tabOf } from './knowledge-config';
import { correctQuery } from './knowledge-fallback';
import { headlineToExcerpt } from './knowledge-highlight';
import { countFacets, rankedPage } from './knowledge-rank';
import { toSearchResult } from './knowledge-results';

/** Facet fields the gateway can count; a tab naming others gets no facet for them. */
const FACET_FIELDS = new Set(['commonproduct']);

interface Filters {
  types: readonly DocumentType[];
  product: string | undefined;
  page: number;
  facetFields: readonly string[];
}

type Ranked = Omit<KnowledgeSearchResponse, 'fuzzy'>;

/**
 * Null when the query is only stop words or punctuation (an empty tsquery); else whether it
 * excludes a word (`-word`), which the ranking needs to know (knowledge-rank.ts).
 */
async function parseQuery(db: Kysely<Database>, q: string): Promise<{ negated: boolean } | null> {
  const { rows } = await sql<{ n: number; negated: boolean }>`
    SELECT numnode(t)::int AS n, strpos(t::text, '!') > 0 AS negated
    FROM websearch_to_tsquery('english', ${q}) t`.execute(db);
  const row = rows[0];
  return row && row.n > 0 ? { negated: row.negated } : null;
}

/**
 * One page of the ranked search: websearch_to_tsquery (never a syntax error, whatever the
 * user types) over the narrow knowledge_search table (0007); the ranking rule is in
 * knowledge-rank.ts. The product facet is counted over the tab's document types without the
 * product filter, so other values stay visible; the total is its sum (or the chosen value).
 */
async function ranked(
  db: Kysely<Database>,
  config: KnowledgeConfig,
  q: string,
  negated: boolean,
  f: Filters,
): Promise<Ranked> {
  const product = f.product ?? null;
  const scope = { q, negated, types: f.types, product };
  // The count and the page are independent: on PostgreSQL they run on two connections at once
  // (PGlite, one connection, queues them). A page past the end simply comes back empty.
  const [facetRows, rows] = await Promise.all([
    countFacets(db, scope),
    rankedPage(db, scope, f.page),
  ]);
  const totalCount = facetRows.reduce(
    (sum, r) => sum + (product === null || r.value === product ? r.n : 0),
    0,
  );
  const pageCount = Math.min(Math.ceil(totalCount / KNOWLEDGE_PAGE_SIZE), KNOWLEDGE_MAX_PAGES);
  const facets: Facet[] = f.facetFields
    .filter((field) => FACET_FIELDS.has(field))
    .map((field) => ({
      field,
      values: facetRows
        .filter((r): r is { value: string; n: number } => r.value !== null)
        .map((r) => ({ value: r.value, count: r.n }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    }));
  if (f.page > pageCount) return { results: [], totalCount, page: f.page, pageCount, facets };
  const results = rows.map((r) => toSearchResult(r, config, headlineToExcerpt(r.headline)));
  return { results, totalCount, page: f.page, pageCount, facets };
}

/**
 * GET /api/v1/knowledge/search. When the ranked search finds nothing, each query word is
 * corrected to the most similar word of the documents (pg_trgm) and the search runs again
 * (`fuzzy: true` when that answered). A query of stop words only is an empty answer.
 */
export async function searchKnowledge(
  db: Kysely<Database>,
  query: KnowledgeSearchQuery,
): Promise<KnowledgeSearchResponse> {
  const config = await readKnowledgeConfig(db);
  const tab = tabOf(config, query.c);
  const filters: Filters = {
    types: tab.documentTypes,
    product: query.product === '' ? undefined : query.product,
    page: query.page,
    facetFields: tab.facets,
  };
  const empty: KnowledgeSearchResponse = {
    results: [],
    totalCount: 0,
    page: query.page,
    pageCount: 0,
    facets: [],
    fuzzy: false,
  };
  const parsed = await parseQuery(db, query.q);
  if (parsed === null) return empty;
  const first = await ranked(db, config, query.q, parsed.negated, filters);
  if (first.totalCount > 0) return { ...first, fuzzy: false };
  const corrected = await correctQuery(db, query.q);
  const reparsed = corrected === null ? null : await parseQuery(db, corrected);
  if (corrected === null || reparsed === null) return { ...first, fuzzy: false };
  const second = await ranked(db, config, corrected, reparsed.negated, filters);
  return second.totalCount > 0 ? { ...second, fuzzy: true } : { ...first, fuzzy: false };
}
