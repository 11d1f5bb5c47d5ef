import { sql, type Kysely } from 'kysely';
import {
  KNOWLEDGE_MAX_PAGES,
  KNOWLEDGE_PAGE_SIZE,
  type DocumentType,
} from '../../contract/knowledge';
import type { Database } from '../db/schema';
import { HEADLINE_OPTIONS, START_SEL, STOP_SEL } from './knowledge-highlight';
import { FIRST_FILE_JOIN, RESULT_COLUMNS, type ResultRow } from './knowledge-results';

/** Only 100 pages of 10 can ever be opened: at most this many hits are ranked. */
export const RANKED_CANDIDATES = KNOWLEDGE_MAX_PAGES * KNOWLEDGE_PAGE_SIZE;

export interface SearchScope {
  q: string;
  /** The query excludes a word: a title match is a hit only if the whole document matches. */
  negated: boolean;
  types: readonly DocumentType[];
  /** The product facet's filter, null for every product. */
  product: string | null;
}

/**
 * Runs `run` in a transaction where the planner may not scan knowledge_search sequentially:
 * a sequential scan would evaluate @@ on every row and detoast every vector (the cost 0007
 * removes), while the GIN bitmap answers the match without a recheck. The planner does not
 * price detoasting, so for a broad query it would pick the scan. JIT off: these statements
 * take milliseconds, and PostgreSQL's JIT threshold sees only the (high) estimated cost. No
 * parallel workers: the count and the page already run at once on two connections, and on
 * 2 busy cores the workers' start-up cost more than they saved (p50 9.0 -> 8.1 ms).
 */
export async function withIndexPlans<T>(
  db: Kysely<Database>,
  run: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // set_config(..., true) is SET LOCAL: one round trip for the three.
    await sql`
      SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
        set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
    return run(trx);
  });
}

/**
 * Every hit counted by product over the tab's types (no product filter, so the other values
 * stay visible): exact, since a hit costs only its narrow heap row (about 0.3 µs).
 */
export function countFacets(
  db: Kysely<Database>,
  s: SearchScope,
): Promise<{ value: string | null; n: number }[]> {
  return withIndexPlans(db, async (trx) => {
    const { rows } = await sql<{ value: string | null; n: number }>`
      SELECT commonproduct AS value, count(*)::int AS n
      FROM knowledge_search
      WHERE search @@ websearch_to_tsquery('english', ${s.q})
        AND document_type = ANY(${[...s.types]}::text[])
      GROUP BY commonproduct`.execute(trx);
    return rows;
  });
}

/**
 * One page of ranked results with their highlighted excerpts. The ranking rule:
 * 1. title matches come first, then body-only matches; within each, ts_rank_cd over the
 *    weighted vector (title A, body B), ties by id;
 * 2. at most RANKED_CANDIDATES hits are ranked: all title matches (the best by title rank
 *    when there are more), then the most recently updated body-only matches up to the bound.
 *    Below 1,000 hits every hit is ranked; above it, ranking the rest could never show on
 *    a page, and would detoast every hit's vector.
 * Every value is a bound parameter.
 */
export async function rankedPage(
  db: Kysely<Database>,
  s: SearchScope,
  page: number,
): Promise<(ResultRow & { headline: string })[]> {
  const types = [...s.types];
  const offset = (page - 1) * KNOWLEDGE_PAGE_SIZE;
  const inScope = (alias: string) => sql`
    ${sql.ref(`${alias}.document_type`)} = ANY(${types}::text[])
    AND (${s.product}::text IS NULL OR ${sql.ref(`${alias}.commonproduct`)} = ${s.product}::text)`;
  // The candidates carry their vector as a TOAST pointer (fetched only when ranked), which
  // spares a join back by id that the planner turned into a full primary-key index scan.
  // Without a NOT, a title match implies a document match (the vector holds the title);
  // with one ("pump -seal"), the body may hold the excluded word. Checked only then: the
  // planner may do it by detoasting each title hit's vector.
  const wholeMatches = s.negated
    ? sql`AND t.search @@ websearch_to_tsquery('english', ${s.q})`
    : sql``;
  return withIndexPlans(db, async (trx) => {
    const { rows } = await sql<ResultRow & { headline: string }>`
      WITH title_hits AS (
        SELECT t.id, t.search FROM knowledge_search t
        WHERE t.title @@ websearch_to_tsquery('english', ${s.q}) ${wholeMatches} AND ${inScope('t')}
        ORDER BY ts_rank_cd(t.title, websearch_to_tsquery('english', ${s.q})) DESC, t.id
        LIMIT ${RANKED_CANDIDATES}
      ), body_hits AS (
        SELECT b.id, b.search FROM knowledge_search b
        WHERE b.search @@ websearch_to_tsquery('english', ${s.q})
          AND NOT b.title @@ websearch_to_tsquery('english', ${s.q}) AND ${inScope('b')}
        ORDER BY b.updated_at DESC, b.id
        LIMIT greatest(0, ${RANKED_CANDIDATES} - (SELECT count(*) FROM title_hits))
      ), candidates AS (
        SELECT id, search, 0 AS tier FROM title_hits
        UNION ALL SELECT id, search, 1 AS tier FROM body_hits
      ), top AS (
        SELECT c.id, c.tier, ts_rank_cd(c.search, websearch_to_tsquery('english', ${s.q})) AS rank
        FROM candidates c
        ORDER BY c.tier, rank DESC, c.id
        LIMIT ${KNOWLEDGE_PAGE_SIZE} OFFSET ${offset}
      )
      SELECT ${RESULT_COLUMNS},
        ts_headline('english', translate(d.body_text, ${START_SEL + STOP_SEL}, ''),
          websearch_to_tsquery('english', ${s.q}), ${HEADLINE_OPTIONS}) AS headline
      FROM top JOIN knowledge_documents d ON d.id = top.id
      ${FIRST_FILE_JOIN}
      ORDER BY top.tier, top.rank DESC, d.id`.execute(trx);
    return rows;
  });
}
