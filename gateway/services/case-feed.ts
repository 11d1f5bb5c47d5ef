import type { Kysely } from 'kysely';
import type { FeedAttachment, FeedItem } from '../../contract/cases';
import { pathOf } from '../../contract/endpoint';
import { getCaseFile, getCaseFileThumbnail } from '../../contract/endpoints/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { visibleCase } from './case-access';

/** The icon of a download row by the file's type. */
export function iconOf(contentType: string, extension: string): string {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  if (['csv', 'xls', 'xlsx', 'ods'].includes(extension)) return 'spreadsheet';
  if (['doc', 'docx', 'odt', 'rtf'].includes(extension)) return 'document';
  if (contentType.startsWith('text/')) return 'text';
  return 'file';
}

export interface FileRow {
  id: string;
  name: string;
  content_type: string;
  extension: string;
  size: number;
  created_at: Date;
  width: number | null;
  height: number | null;
  has_thumbnail: boolean;
}

/**
 * product §3 Feed attachment / File version, with same-origin URLs of its bytes. An image is
 * shown as one only with a thumbnail; one too large to draw (or that does not decode) is a file.
 */
export function attachmentOf(f: FileRow): FeedAttachment {
  const isImage = f.content_type.startsWith('image/') && f.has_thumbnail;
  return {
    id: f.id,
    name: f.name,
    contentType: f.content_type,
    fileExtension: f.extension,
    size: f.size,
    date: f.created_at.toISOString(),
    isImage,
    icon: iconOf(f.content_type, f.extension),
    url: pathOf(getCaseFile, { id: f.id }),
    thumbnailUrl: f.has_thumbnail ? pathOf(getCaseFileThumbnail, { id: f.id }) : null,
    width: f.width,
    height: f.height,
  };
}

/** Selects a FileRow from case_files (joined with its blob for the thumbnail flag). */
export function fileRows(db: Kysely<Database>) {
  return db
    .selectFrom('case_files as f')
    .innerJoin('case_blobs as b', 'b.sha256', 'f.sha256')
    .select((eb) => [
      'f.id',
      'f.name',
      'f.content_type',
      'f.extension',
      'f.size',
      'f.created_at',
      'f.width',
      'f.height',
      'f.feed_item_id',
      eb('b.thumbnail', 'is not', null).$castTo<boolean>().as('has_thumbnail'),
    ]);
}

/**
 * The feed of a case the user may see, oldest first, with its attachments; 404 otherwise.
 * The access check, the items and the files are read side by side: one round trip on
 * PostgreSQL where they took three in a row. Nothing is returned before the access is known.
 */
export async function caseFeed(
  db: Kysely<Database>,
  user: User,
  caseId: string,
): Promise<FeedItem[]> {
  const [, items, files] = await Promise.all([
    visibleCase(db, user, caseId),
    db
      .selectFrom('case_feed_items')
      .selectAll()
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    fileRows(db)
      .where('f.case_id', '=', caseId)
      .where('f.feed_item_id', 'is not', null)
      .orderBy('f.id')
      .execute(),
  ]);
  const byItem = new Map<string, FeedAttachment[]>();
  for (const f of files) {
    const list = byItem.get(f.feed_item_id!) ?? [];
    list.push(attachmentOf(f));
    byItem.set(f.feed_item_id!, list);
  }
  return items.map((i) => feedItemOf(i, byItem.get(i.id) ?? []));
}

export function feedItemOf(
  i: {
    id: string;
    case_id: string;
    body: string;
    channel: string;
    type: string;
    title: string;
    name: string;
    created_at: Date;
    author_name: string | null;
  },
  attachments: FeedAttachment[],
): FeedItem {
  return {
    id: i.id,
    caseId: i.case_id,
    body: i.body,
    channel: i.channel,
    type: i.type,
    title: i.title,
    name: i.name,
    createdAt: i.created_at.toISOString(),
    authorName: i.author_name,
    attachments,
  };
}
