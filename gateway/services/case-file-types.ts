import { fileTypeFromBuffer } from 'file-type';
import { CASE_FILE_TYPE_MESSAGE } from '../../contract/cases';
import { HttpError } from '../http/errors';

/** What the bytes are, whatever the file's name or the request claims. */
export interface SniffedType {
  contentType: string;
  extension: string;
}

/** Types a case accepts, as file-type names them: photos, videos, PDF and Office documents. */
const ACCEPTED = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/bmp',
  'image/tiff',
  'video/mp4',
  'video/quicktime',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);
/** Plain text has no signature: it is accepted under these names only, and only as text. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sniffs the type from the bytes (file-type): an executable renamed to .jpg is an executable,
 * and a file whose bytes match no accepted type is refused (415). The stored type is the
 * sniffed one, never the caller's.
 */
export async function sniffCaseFile(bytes: Buffer, name: string): Promise<SniffedType> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if (!ACCEPTED.has(found.mime)) throw new HttpError(415, CASE_FILE_TYPE_MESSAGE);
    return { contentType: found.mime, extension: found.ext };
  }
  const ext = extensionOf(name);
  const text = TEXT_TYPES[ext];
  if (text && bytes.length > 0 && isText(bytes)) return { contentType: text, extension: ext };
  throw new HttpError(415, CASE_FILE_TYPE_MESSAGE);
}
