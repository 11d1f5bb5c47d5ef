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

/**
 * Sends a stored file with its type, size and ETag (@fastify/etag answers 304 when the caller
 * has it). A stored file is never a page of this origin whatever its type says: nosniff and a
 * sandboxing CSP.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile) {
  reply
    .header('cache-control', FILE_CACHE)
    .header('etag', file.etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header(
      'content-disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
    );
  return reply.type(file.contentType).header('content-length', file.bytes.length).send(file.bytes);
}
