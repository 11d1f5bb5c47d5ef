import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  CASE_ASSIST_MAX,
  type CaseAssistResponse,
  type caseAssistQuerySchema,
} from '../../contract/case-create';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { readKnowledgeConfig } from './knowledge-config';
import { HEADLINE_OPTIONS, START_SEL, STOP_SEL, headlineToExcerpt } from './knowledge-highlight';
import { familyOf } from './knowledge-machine';
import { withIndexPlans } from './knowledge-rank';
import {
  FIRST_FILE_JOIN,
  RESULT_COLUMNS,
  toSearchResult,
  type ResultRow,
} from './knowledge-results';

type Query = z.infer<typeof caseAssistQuerySchema>;

/** DTC codes considered at most (a typed list is comma separated). */
const DTC_MAX = 5;
/** Documents naming one of the DTC codes that are ranked at most. */
const DTC_CANDIDATES = 20;

/** The DTC codes of the query: comma or semicolon separated, trimmed, at most five. */
export function dtcCodesOf(dtc: string | undefined): string[] {
  if (!dtc) return [];
  const codes = dtc
    .split(/[,;]/)
    .map((c) => c.trim())
    .filter(Boolean);
  return [...new Set(codes)].slice(0, DTC_MAX);
}

/** Any of the DTC codes as a phrase ("SPN 157 FMI 1"), or NULL without codes. */
function dtcQuery(codes: string[]): RawBuilder<string | null> {
  if (codes.length === 0) return sql<null>`NULL::tsquery`;
  return sql<string>`(${sql.join(
    codes.map((c) => sql`phraseto_tsquery('english', ${c})`),
    sql` || `,
  )})`;
}

/** Candidates ranked at most per kind of hit: six are shown, so a few dozen suffice. */
const SUBJECT_CANDIDATES = 40;

interface Scope {
  subject: string;
  dtc: RawBuilder<string | null>;
  types: string[];
  family: string | null;
  /** The machine's model, as documents name it in their titles ("... (M7-172)"). */
  model: string | null;
}

/**
 * Knowledge search's ranking (knowledge-rank.ts: title matches first, then body matches,
 * ts_rank_cd over the weighted vector, a bounded set of candidates) with the case's context in
 * front of it: documents naming a DTC code in their title first (matched on the small inline
 * title vector: a phrase over the body would recheck, detoasting, every document whose
 * table lists SPN and FMI), then those holding every word of the subject
 * (websearch_to_tsquery, as knowledge search), then those naming the machine's model in their
 * title, then the rest of its family, then documents of every product: a family holds many
 * models whose articles share titles, and another model's article is the wrong procedure or
 * torque. Candidates hold any word of the subject (plainto_tsquery quotes every lexeme,
 * so its ANDs turned into ORs stay a valid query, as the bulletins do), so a long subject still
 * finds six. Other families and the CRM's own items (product §7: SalesforceItem) are never
 * candidates. One statement: a second pass would double the time of the common case.
 */
async function ranked(
  db: Kysely<Database>,
  p: Scope,
): Promise<(ResultRow & { headline: string })[]> {
  const inScope = (alias: string) => sql`
    NOT ${sql.ref(`${alias}.crm_item`)}
    AND ${sql.ref(`${alias}.document_type`)} = ANY(${p.types}::text[])
    AND (${p.family}::text IS NULL OR ${sql.ref(`${alias}.commonproduct`)} IS NULL
      OR ${sql.ref(`${alias}.commonproduct`)} = ${p.family}::text)`;
  // With a family, a title matches through title_scope (0013): the query AND the token of the
  // family or of every product, so the index leaves out the other families' titles instead of
  // their heap rows being read to be dropped by inScope (kept: it also checks type and CRM).
  // The same rows as `title @@ query AND inScope`, so the same suggestions.
  const familyQuery = p.family
    ? sql`('f' || md5(${p.family}::text) || ' | f' || md5(''))::tsquery`
    : sql`NULL::tsquery`;
  const titleMatch = (query: RawBuilder<unknown>) =>
    p.family ? sql`t.title_scope @@ (${query} && q.f)` : sql`t.title @@ ${query}`;
  // 0 names the machine's model in its title, 1 is of its family, 2 of every product. Title
  // candidates about the model are taken first too: among dozens of equal titles of the
  // family's other models, the model's own would otherwise be cut off by the limit.
  // The title vector holds the model as the parser splits it ('m7-172', 'm7', '172'): a
  // phrase of the same parts matches it, and "M7-17" does not match "M7-172".
  const namesModel = (alias: string) => sql`coalesce(${sql.ref(`${alias}.title`)} @@ q.m, false)`;
  return withIndexPlans(db, async (trx) => {
    const { rows } = await sql<ResultRow & { headline: string }>`
      WITH q AS (
        SELECT websearch_to_tsquery('english', ${p.subject}) AS s_all,
          replace(plainto_tsquery('english', ${p.subject})::text, ' & ', ' | ')::tsquery AS s,
          ${p.dtc} AS d, ${familyQuery} AS f,
          CASE WHEN ${p.model}::text IS NULL THEN NULL
            ELSE phraseto_tsquery('english', ${p.model}::text) END AS m
      ), dtc_hits AS (
        SELECT t.id, t.search, t.commonproduct, ${namesModel('t')} AS names_model, 0 AS tier
        FROM knowledge_search t, q
        WHERE q.d IS NOT NULL AND numnode(q.d) > 0 AND ${titleMatch(sql`q.d`)} AND ${inScope('t')}
        ORDER BY names_model DESC, ts_rank_cd(t.title, q.s) DESC, t.updated_at DESC, t.id
        LIMIT ${DTC_CANDIDATES}
      ), title_hits AS (
        SELECT t.id, t.search, t.commonproduct, ${namesModel('t')} AS names_model, 1 AS tier
        FROM knowledge_search t, q
        WHERE numnode(q.s) > 0 AND ${titleMatch(sql`q.s`)} AND ${inScope('t')}
        ORDER BY names_model DESC, ts_rank_cd(t.title, q.s) DESC, t.id
        LIMIT ${SUBJECT_CANDIDATES}
      ), body_hits AS (
        SELECT b.id, b.search, b.commonproduct, ${namesModel('b')} AS names_model, 2 AS tier
        FROM knowledge_search b, q
        WHERE numnode(q.s_all) > 0 AND b.search @@ q.s_all AND NOT b.title @@ q.s
          AND ${inScope('b')}
        ORDER BY b.updated_at DESC, b.id
        LIMIT ${SUBJECT_CANDIDATES}
      ), candidates AS (
        SELECT DISTINCT ON (id) id, search, commonproduct, names_model, tier FROM (
          SELECT * FROM dtc_hits UNION ALL SELECT * FROM title_hits
          UNION ALL SELECT * FROM body_hits
        ) u ORDER BY id, tier
      ), top AS (
        SELECT c.id, c.tier = 0 AS names_dtc,
          numnode(q.s_all) > 0 AND c.search @@ q.s_all AS every_word,
          CASE WHEN c.names_model THEN 0 WHEN c.commonproduct IS NOT NULL THEN 1 ELSE 2 END
            AS closeness,
          ts_rank_cd(c.search, q.s) + coalesce(ts_rank_cd(c.search, q.d), 0) AS rank
        -- Each candidate's vector fetched from TOAST once: every use of a TOAST pointer in an
        -- expression fetches it again (three times here with DTC codes). The concatenation
        -- with an empty vector is a copy of the fetched value; OFFSET 0 keeps it computed once.
        FROM (
          SELECT id, tier, commonproduct, names_model, search || ''::tsvector AS search
          FROM candidates OFFSET 0
        ) c, q
        ORDER BY names_dtc DESC, every_word DESC, closeness, rank DESC, c.id
        LIMIT ${CASE_ASSIST_MAX}
      )
      SELECT ${RESULT_COLUMNS},
        ts_headline('english', translate(d.body_text, ${START_SEL + STOP_SEL}, ''),
          (SELECT CASE WHEN q.d IS NULL THEN q.s ELSE q.s || q.d END FROM q),
          ${HEADLINE_OPTIONS}) AS headline
      FROM top JOIN knowledge_documents d ON d.id = top.id
      ${FIRST_FILE_JOIN}
      ORDER BY top.names_dtc DESC, top.every_word DESC, top.closeness, top.rank DESC, d.id`.execute(
      trx,
    );
    return rows;
  });
}

/**
 * GET /api/v1/case-assist (product §2 wizard step 2, §7 CaseAssist): at most six knowledge
 * documents for the subject, DTC codes and machine. Serial and business unit are context the
 * analytics keep; the ranking uses the model's family and the codes.
 */
export async function caseAssist(db: Kysely<Database>, query: Query): Promise<CaseAssistResponse> {
  const config = await readKnowledgeConfig(db);
  const family = query.model ? await familyOf(db, query.model) : null;
  const rows = await ranked(db, {
    subject: query.subject,
    dtc: dtcQuery(dtcCodesOf(query.dtc)),
    types: [...config.searchTemplate.documentTypes],
    family,
    model: query.model?.trim() ? query.model.trim() : null,
  });
  return { results: rows.map((r) => toSearchResult(r, config, headlineToExcerpt(r.headline))) };
}
