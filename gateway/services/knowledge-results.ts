import { sql, type RawBuilder } from 'kysely';
import type { KnowledgeConfig, SearchResult } from '../../contract/knowledge';
import type { KnowledgeDocumentsTable } from '../db/schema';
import { attachmentUrl } from './knowledge-config';

/** A document row as the search, manuals and bulletins queries select it. */
export type ResultRow = Pick<
  KnowledgeDocumentsTable,
  | 'id'
  | 'title'
  | 'excerpt'
  | 'document_type'
  | 'file_type'
  | 'category_level1'
  | 'category_level2'
  | 'category_level3'
  | 'category_level4'
  | 'commonproduct'
  | 'manual_section'
  | 'campaign_name'
> & {
  /** The first attachment (product.md's parentResult), null when the document has none. */
  file_id: string | null;
  file_title: string | null;
  file_file_type: string | null;
  file_content_type: string | null;
  file_size: number | null;
};

/**
 * The columns of ResultRow for documents aliased `d`, first attachment included (by
 * position). Constant SQL: no value of the caller in it.
 */
export const RESULT_COLUMNS: RawBuilder<unknown> = sql`
  d.id, d.title, d.excerpt, d.document_type, d.file_type,
  d.category_level1, d.category_level2, d.category_level3, d.category_level4,
  d.commonproduct, d.manual_section, d.campaign_name,
  f.id AS file_id, f.title AS file_title, f.file_type AS file_file_type,
  f.content_type AS file_content_type, f.size AS file_size`;

export const FIRST_FILE_JOIN: RawBuilder<unknown> = sql`
  LEFT JOIN LATERAL (
    SELECT kf.id, kf.title, kf.file_type, kf.content_type, kf.size
    FROM knowledge_files kf WHERE kf.document_id = d.id
    ORDER BY kf.position, kf.id LIMIT 1
  ) f ON true`;

/** product §2 route of the article view, with the attachment when there is one. */
export function clickUriOf(
  id: string,
  title: string,
  attachment: SearchResult['parentResult'],
): string {
  const params = new URLSearchParams({ uniqueID: id, title });
  if (attachment) {
    params.set('attachmentTitle', attachment.title);
    params.set('attachmentURL', attachment.url);
    params.set('attachmentType', attachment.fileType);
  }
  return `/knowledge/answer?${params.toString()}`;
}

export function toSearchResult(
  row: ResultRow,
  config: KnowledgeConfig,
  excerpt: { text: string; highlights: [number, number][] } = { text: row.excerpt, highlights: [] },
): SearchResult {
  const parentResult =
    row.file_id === null
      ? null
      : {
          id: row.file_id,
          title: row.file_title ?? '',
          fileType: row.file_file_type ?? '',
          contentType: row.file_content_type ?? 'application/octet-stream',
          size: Number(row.file_size ?? 0),
          url: attachmentUrl(config, row.file_id),
        };
  return {
    uniqueId: row.id,
    title: row.title,
    excerpt: excerpt.text,
    highlights: excerpt.highlights,
    clickUri: clickUriOf(row.id, row.title, parentResult),
    parentResult,
    raw: {
      documenttype: row.document_type,
      filetype: row.file_type,
      categorylevel1: row.category_level1,
      categorylevel2: row.category_level2,
      categorylevel3: row.category_level3,
      categorylevel4: row.category_level4,
      commonproduct: row.commonproduct,
      manualsection: row.manual_section,
      campaignname: row.campaign_name,
    },
  };
}
