import type { FastifyReply } from 'fastify';

/** Stored files never change for an id (a new version is a new id): cache for a year. */
const FILE_CACHE = 'private, max-age=31536000, immutable';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  /** Quoted strong ETag. */
  etag: string;
  /** Already made safe for a header (safeFilename). */
  filename: string;
  /** Images are shown in the page; everything else is downloaded. */
  inline: boolean;
}

/** One `bytes=` range of a Range header, clamped to the file; null for anything else. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    return n === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

/**
 * Sends a stored file with its type, size and ETag (@fastify/etag answers 304 when the caller
 * has it). A stored file is never a page of this origin whatever its type says: nosniff and a
 * sandboxing CSP. A byte range is answered with 206: Safari plays a sound or video only from a
 * source that answers ranges.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile) {
  const range = byteRange(reply.request.headers.range, file.bytes.length);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', FILE_CACHE)
    .header('etag', file.etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header(
      'content-disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
    );
  reply.type(file.contentType);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.bytes.length}`).send();
  }
  if (range) {
    const part = file.bytes.subarray(range.start, range.end + 1);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.bytes.length}`)
      .header('content-length', part.length)
      .send(part);
  }
  return reply.header('content-length', file.bytes.length).send(file.bytes);
}
