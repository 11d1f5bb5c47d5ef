import { sql, type Kysely } from 'kysely';
import {
  MANUAL_SECTIONS,
  type BulletinsResponse,
  type ManualsResponse,
  type SearchResult,
} from '../../contract/knowledge';
import type { Database } from '../db/schema';
import { MODELS } from '../reference/models';
import { readKnowledgeConfig } from './knowledge-config';
import {
  FIRST_FILE_JOIN,
  RESULT_COLUMNS,
  toSearchResult,
  type ResultRow,
} from './knowledge-results';

/** product §2: the Bulletins accordion shows a few documents per campaign. */
const BULLETINS_MAX = 10;

/** A model's family: from the machines table (any case), else the model catalogue. */
export async function familyOf(db: Kysely<Database>, model: string): Promise<string | null> {
  const row = await db
    .selectFrom('machines')
    .select('model_family')
    .where(sql<string>`lower(material_number)`, '=', model.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  if (row) return row.model_family;
  return MODELS.find((m) => m.model.toLowerCase() === model.toLowerCase())?.family ?? null;
}

/**
 * GET /api/v1/knowledge/manuals?model= (product §7 GetBookId + the manuals search): the
 * manuals of the model's family in the four sections, in product §3 order, each possibly empty.
 */
export async function manualsOf(db: Kysely<Database>, model: string): Promise<ManualsResponse> {
  const config = await readKnowledgeConfig(db);
  const family = await familyOf(db, model);
  const types = [...config.manualsTemplate.documentTypes];
  const { rows } =
    family === null
      ? { rows: [] as ResultRow[] }
      : await sql<ResultRow>`
          SELECT ${RESULT_COLUMNS}
          FROM knowledge_documents d ${FIRST_FILE_JOIN}
          WHERE d.document_type = ANY(${types}::text[])
            AND d.commonproduct = ${family}
            AND d.manual_section IS NOT NULL
          ORDER BY d.title, d.id`.execute(db);
  return {
    sections: MANUAL_SECTIONS.map((section) => ({
      section,
      results: rows
        .filter((r) => r.manual_section === section)
        .map((r) => toSearchResult(r, config)),
    })),
  };
}

/**
 * GET /api/v1/knowledge/bulletins?campaign=: the campaign's own bulletins (campaign name
 * matched case-insensitively), then the service bulletins that best match the campaign's
 * words (any of them), at most ten in all. For a machine, the related ones about its model come
 * first, then those of its family, then the rest by rank: another model's bulletin is noise.
 */
export async function bulletinsOf(
  db: Kysely<Database>,
  campaign: string,
  machine: { model?: string | undefined; family?: string | undefined } = {},
): Promise<BulletinsResponse> {
  const model = machine.model?.toLowerCase() ?? null;
  const family = machine.family ?? null;
  const config = await readKnowledgeConfig(db);
  const types = [...config.campaignsTemplate.documentTypes];
  const own = await sql<ResultRow>`
    SELECT ${RESULT_COLUMNS}
    FROM knowledge_documents d ${FIRST_FILE_JOIN}
    WHERE lower(d.campaign_name) = lower(${campaign})
      AND d.document_type = ANY(${types}::text[])
    ORDER BY d.id
    LIMIT ${BULLETINS_MAX}`.execute(db);
  const results: SearchResult[] = own.rows.map((r) => toSearchResult(r, config));
  const room = BULLETINS_MAX - results.length;
  if (room > 0 && types.includes('Service Bulletin')) {
    // plainto_tsquery quotes every lexeme, so turning its ANDs into ORs stays a valid query.
    const related = await sql<ResultRow>`
      WITH q AS (
        SELECT replace(plainto_tsquery('english', ${campaign})::text, ' & ', ' | ')::tsquery AS query
      ), top AS (
        SELECT k.id, ts_rank_cd(k.search, q.query) AS rank,
          CASE
            WHEN ${model}::text IS NOT NULL
              AND strpos(lower(k.title || ' ' || k.body_text), ${model}::text) > 0 THEN 0
            WHEN ${family}::text IS NOT NULL AND k.commonproduct = ${family}::text THEN 1
            ELSE 2
          END AS closeness
        FROM knowledge_documents k, q
        WHERE numnode(q.query) > 0 AND k.search @@ q.query
          AND k.document_type = 'Service Bulletin'
        ORDER BY closeness, rank DESC, k.id
        LIMIT ${room}
      )
      SELECT ${RESULT_COLUMNS}
      FROM top JOIN knowledge_documents d ON d.id = top.id ${FIRST_FILE_JOIN}
      ORDER BY top.closeness, top.rank DESC, d.id`.execute(db);
    results.push(...related.rows.map((r) => toSearchResult(r, config)));
  }
  return { results };
}
