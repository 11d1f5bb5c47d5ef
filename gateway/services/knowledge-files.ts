import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

export interface StoredFile {
  id: string;
  title: string;
  fileType: string;
  contentType: string;
  bytes: Buffer;
  etag: string;
}

/** A stored file by id; 404 `file-not-found` otherwise. */
export async function fileById(db: Kysely<Database>, id: string): Promise<StoredFile> {
  const f = await db
    .selectFrom('knowledge_files')
    .select(['id', 'title', 'file_type', 'content_type', 'bytes', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!f) throw new HttpError(404, 'File not found', 'file-not-found');
  return {
    id: f.id,
    title: f.title,
    fileType: f.file_type,
    contentType: f.content_type,
    bytes: f.bytes,
    etag: `"${f.sha256}"`,
  };
}

/**
 * A filename for Content-Disposition: letters, digits, space, dot, dash and underscore only
 * (no quotes, slashes or control characters can break the header or pick a path).
 */
export function safeFilename(title: string, fileType: string): string {
  const ext = fileType.replace(/[^a-z0-9]/gi, '').slice(0, 8);
  const stem = title
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+|[ .]+$/g, '')
    .slice(0, 100);
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}
