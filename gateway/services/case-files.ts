import type { Kysely } from 'kysely';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import type { StoredFile } from '../http/stored-file';
import { caseVisibleTo } from './case-access';
import { thumbnailType } from './case-thumbnails';
import { safeFilename } from './knowledge-files';

const FILE_NOT_FOUND = 'File not found';

/**
 * A case file's bytes (or its thumbnail) for this user: 404 when it does not exist, belongs to
 * a case or report the user may not see, or (thumbnail) has none. The ETag is the content's sha256.
 */
export async function caseFileFor(
  db: Kysely<Database>,
  user: User,
  id: string,
  thumbnail: boolean,
): Promise<StoredFile> {
  const row = await db
    .selectFrom('case_files as f')
    .innerJoin('cases as c', 'c.id', 'f.case_id')
    .innerJoin('case_blobs as b', 'b.sha256', 'f.sha256')
    .select(['f.name', 'f.content_type', 'f.extension', 'f.sha256'])
    .select(thumbnail ? 'b.thumbnail as bytes' : 'b.bytes as bytes')
    .where('f.id', '=', id)
    .where(caseVisibleTo(user, 'c'))
    .executeTakeFirst();
  if (!row || !row.bytes) {
    throw new HttpError(404, FILE_NOT_FOUND);
  }
  const dot = row.name.lastIndexOf('.');
  const stem = dot > 0 ? row.name.slice(0, dot) : row.name;
  const type = thumbnail
    ? thumbnailType(row.bytes)
    : { contentType: row.content_type, extension: row.extension };
  return {
    bytes: row.bytes,
    contentType: type.contentType,
    // A blob's thumbnail is drawn once and never again, so its ETag stays that of the blob.
    etag: `"${row.sha256}${thumbnail ? '-t' : ''}"`,
    filename: safeFilename(thumbnail ? `${stem}-thumbnail` : stem, type.extension),
    // Sounds and videos play in the feed.
    inline: thumbnail || /^(image|audio|video)\//.test(row.content_type),
  };
}
