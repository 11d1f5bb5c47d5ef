import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CLOSED_STATUS,
  FEED_CHANNEL,
  FORCED_CLOSED_STATUS,
  REOPENED_STATUS,
  FEED_TITLE,
  FEED_TYPE,
  TEXT_UPDATE_NAME,
  type CloseCaseResponse,
  type PostFeedItemResponse,
  type UploadedFile,
} from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { visibleCase } from './case-access';
import { attachmentOf, feedItemOf, fileRows } from './case-feed';
import { sniffCaseFile } from './case-file-types';
import { imageFacts, type ImageFacts } from './case-thumbnails';
import { recordCaseOutcomes } from './predictions-outcomes';

/** A CRM-like id: a 3-character object prefix and 15 random alphanumerics. */
export function newId(prefix: string): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`;
}

/** The longest file name kept (a phone's camera names are short; a path is cut to its end). */
const NAME_MAX = 180;

/** An upload read, sniffed and thumbnailed before its transaction: the write itself is short. */
export interface PreparedUpload {
  name: string;
  contentType: string;
  extension: string;
  bytes: Buffer;
  sha256: string;
  facts: ImageFacts | null;
}

/**
 * Control and format characters (Unicode Cc, Cf, line and paragraph separators): a bidi override
 * would make `photo\u202Egpj.exe` read "photoexe.jpg" in the feed, and none belongs in a name.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export async function prepareUpload(bytes: Buffer, rawName: string): Promise<PreparedUpload> {
  // Browsers send the bare name; some clients a path. Keep the last segment, printable only.
  const base = rawName.split(/[\\/]/).pop() ?? '';
  const name = base.replace(UNPRINTABLE, '').trim().slice(-NAME_MAX) || 'file';
  const type = await sniffCaseFile(bytes, name);
  const facts = type.contentType.startsWith('image/') ? await imageFacts(bytes) : null;
  return {
    name,
    ...type,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    facts,
  };
}

/** ContentVersion: stores the file on the case; an update then names it (postFeedItem). */
export async function storeUpload(
  trx: Kysely<Database>,
  user: User,
  caseId: string,
  upload: PreparedUpload,
): Promise<UploadedFile> {
  await visibleCase(trx, user, caseId);
  await trx
    .insertInto('case_blobs')
    .values({
      sha256: upload.sha256,
      bytes: upload.bytes,
      thumbnail: upload.facts?.thumbnail ?? null,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const id = newId('069');
  const row = await trx
    .insertInto('case_files')
    .values({
      id,
      case_id: caseId,
      feed_item_id: null,
      name: upload.name,
      content_type: upload.contentType,
      extension: upload.extension,
      size: upload.bytes.length,
      sha256: upload.sha256,
      width: upload.facts?.width ?? null,
      height: upload.facts?.height ?? null,
      uploaded_by: user.id,
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  const attachment = attachmentOf({
    id,
    name: upload.name,
    content_type: upload.contentType,
    extension: upload.extension,
    size: upload.bytes.length,
    created_at: row.created_at,
    width: upload.facts?.width ?? null,
    height: upload.facts?.height ?? null,
    // A blob stored earlier by someone else has the same bytes, hence the same thumbnail.
    has_thumbnail: (upload.facts?.thumbnail ?? null) !== null,
  });
  return { ...attachment, caseId };
}

async function setStatus(trx: Kysely<Database>, caseId: string, status: string) {
  return trx
    .updateTable('cases')
    .set({ status, updated_at: new Date() })
    .where('id', '=', caseId)
    .returning(['id', 'status', 'updated_at'])
    .executeTakeFirstOrThrow();
}

/**
 * The status after an update: the close resolves the case; an update to a Resolved case reopens
 * it (the TSC should see that the dealer came back); any other status stays as it is. A case
 * the TSC closed by force stays so: the update is on its feed, the status is the TSC's.
 */
export function nextStatus(status: string, close: boolean): string {
  if (status === FORCED_CLOSED_STATUS) return status;
  if (close) return CLOSED_STATUS;
  return status === CLOSED_STATUS ? REOPENED_STATUS : status;
}

/**
 * A feed item (product §3: channel Web, type Customer, title Service Web, named after its
 * first file or 'Text Update') with the files uploaded for it, optionally closing the case.
 */
export async function postFeedItem(
  trx: Kysely<Database>,
  user: User,
  caseId: string,
  input: { body: string; fileIds: string[]; close: boolean },
): Promise<PostFeedItemResponse> {
  const current = await visibleCase(trx, user, caseId);
  const fileIds = [...new Set(input.fileIds)];
  const files =
    fileIds.length === 0
      ? []
      : await fileRows(trx).where('f.id', 'in', fileIds).where('f.case_id', '=', caseId).execute();
  if (files.length !== fileIds.length) {
    throw new HttpError(400, 'A file of this update was not found on the case: upload it first');
  }
  if (files.some((f) => f.feed_item_id !== null)) {
    throw new HttpError(400, 'A file of this update belongs to another update already');
  }
  const id = newId('a0F');
  const item = await trx
    .insertInto('case_feed_items')
    .values({
      id,
      case_id: caseId,
      body: input.body,
      channel: FEED_CHANNEL,
      type: FEED_TYPE,
      title: FEED_TITLE,
      name: fileIds[0] ?? TEXT_UPDATE_NAME,
      author_id: user.id,
      author_name: `${user.firstName} ${user.lastName}`.trim() || user.username,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (fileIds.length > 0) {
    await trx
      .updateTable('case_files')
      .set({ feed_item_id: id })
      .where('id', 'in', fileIds)
      .execute();
  }
  const order = new Map(fileIds.map((f, i) => [f, i]));
  files.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const status = (await setStatus(trx, caseId, nextStatus(current.status, input.close))).status;
  if (input.close) await recordCaseOutcomes(trx, caseId);
  return { item: feedItemOf(item, files.map(attachmentOf)), status };
}

/**
 * product §4: closing sets Status to Resolved (a closed case closes again harmlessly; a Forced
 * Closed one is closed already and keeps its status).
 */
export async function closeCase(
  trx: Kysely<Database>,
  user: User,
  caseId: string,
): Promise<CloseCaseResponse> {
  const current = await visibleCase(trx, user, caseId);
  const row = await setStatus(trx, caseId, nextStatus(current.status, true));
  // Closed, the case's causal part is what the predictions linked to it are scored against.
  await recordCaseOutcomes(trx, caseId);
  return { id: row.id, status: row.status, updatedAt: row.updated_at.toISOString() };
}
