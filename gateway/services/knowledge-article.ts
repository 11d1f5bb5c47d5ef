import type { Kysely } from 'kysely';
import type { Article, Attachment } from '../../contract/knowledge';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { attachmentUrl, readKnowledgeConfig } from './knowledge-config';
import { sanitizeArticleHtml } from './knowledge-sanitize';
import { htmlToText } from './knowledge-text';

/**
 * GET /api/v1/knowledge/articles/:uniqueId. The HTML is sanitised on every read, whatever
 * the seed did: the table may be edited or imported by others.
 */
export async function articleById(db: Kysely<Database>, uniqueId: string): Promise<Article> {
  const d = await db
    .selectFrom('knowledge_documents')
    .select([
      'id',
      'title',
      'body_html',
      'document_type',
      'category_level4',
      'commonproduct',
      'updated_at',
    ])
    .where('id', '=', uniqueId)
    .executeTakeFirst();
  if (!d) throw new HttpError(404, 'Article not found', 'article-not-found');
  const config = await readKnowledgeConfig(db);
  const files = await db
    .selectFrom('knowledge_files')
    .select(['id', 'title', 'file_type', 'content_type', 'size'])
    .where('document_id', '=', d.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const attachments: Attachment[] = files.map((f) => ({
    id: f.id,
    title: f.title,
    fileType: f.file_type,
    contentType: f.content_type,
    size: Number(f.size),
    url: attachmentUrl(config, f.id),
  }));
  const html = sanitizeArticleHtml(d.body_html, config);
  return {
    uniqueId: d.id,
    title: d.title,
    html,
    // From the sanitised HTML: the text is exactly what the article shows.
    text: htmlToText(html),
    documentType: d.document_type,
    categorylevel4: d.category_level4,
    commonproduct: d.commonproduct,
    attachments,
    updatedAt: new Date(d.updated_at).toISOString(),
  };
}
