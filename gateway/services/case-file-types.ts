import { fileTypeFromBuffer } from 'file-type';
import {
  CASE_AUDIO_MAX_BYTES,
  CASE_AUDIO_TOO_LARGE_MESSAGE,
  CASE_FILE_TYPE_MESSAGE,
  CASE_VIDEO_MAX_BYTES,
  CASE_VIDEO_TOO_LARGE_MESSAGE,
} from '../../contract/cases';
import { HttpError } from '../http/errors';
import { hasVideoTrack } from './media-tracks';

/** What the bytes are, whatever the file's name or the request claims. */
export interface SniffedType {
  contentType: string;
  extension: string;
}

/**
 * Types a case accepts, as file-type names them: photos, sound recordings, videos, PDF and
 * Office documents.
 */
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
  'video/webm',
  'audio/mp4',
  'audio/x-m4a',
  'audio/ogg',
  'audio/ogg; codecs=opus',
  'audio/mpeg',
  'audio/aac',
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

/** Names browsers play under: file-type's own ones for these are not what canPlayType knows. */
const PLAYABLE_NAME: Record<string, SniffedType> = {
  'audio/x-m4a': { contentType: 'audio/mp4', extension: 'm4a' },
  'audio/ogg; codecs=opus': { contentType: 'audio/ogg', extension: 'opus' },
};

/**
 * WebM and MP4 hold sound alone as well as video, and the signature does not tell which: the
 * tracks do (a container without a video track is a sound, under the sound's limit). What the
 * caller calls it plays no part, so a sound sent as video/webm is still a sound.
 */
function mediaType(found: SniffedType, bytes: Buffer): SniffedType {
  if (found.contentType === 'video/webm' && !hasVideoTrack(bytes, 'webm')) {
    return { contentType: 'audio/webm', extension: 'webm' };
  }
  if (found.contentType === 'video/mp4' && !hasVideoTrack(bytes, 'mp4')) {
    return { contentType: 'audio/mp4', extension: 'm4a' };
  }
  return PLAYABLE_NAME[found.contentType] ?? found;
}

/** Sounds and videos have limits of their own under the file limit (413, saying the limit). */
function checkMediaSize(type: SniffedType, size: number) {
  if (type.contentType.startsWith('audio/') && size > CASE_AUDIO_MAX_BYTES) {
    throw new HttpError(413, CASE_AUDIO_TOO_LARGE_MESSAGE);
  }
  if (type.contentType.startsWith('video/') && size > CASE_VIDEO_MAX_BYTES) {
    throw new HttpError(413, CASE_VIDEO_TOO_LARGE_MESSAGE);
  }
}

/**
 * Sniffs the type from the bytes (file-type, then the tracks of a WebM or MP4): an executable
 * renamed to .jpg is an executable, and a file whose bytes match no accepted type is refused
 * (415). The stored type is the sniffed one, never the caller's.
 */
export async function sniffCaseFile(bytes: Buffer, name: string): Promise<SniffedType> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if (!ACCEPTED.has(found.mime)) throw new HttpError(415, CASE_FILE_TYPE_MESSAGE);
    const type = mediaType({ contentType: found.mime, extension: found.ext }, bytes);
    checkMediaSize(type, bytes.length);
    return type;
  }
  const ext = extensionOf(name);
  const text = TEXT_TYPES[ext];
  if (text && bytes.length > 0 && isText(bytes)) return { contentType: text, extension: ext };
  throw new HttpError(415, CASE_FILE_TYPE_MESSAGE);
}
