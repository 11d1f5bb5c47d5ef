import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Brotli's quality for answers made per request: 4 costs little CPU and keeps most of the gain. */
export const BROTLI_QUALITY = 4;

/**
 * Every answer of 1 KB or more goes out compressed as the client accepts: brotli, else gzip.
 * Registered after @fastify/etag, so the ETag is that of the uncompressed body and a matching
 * If-None-Match is still a 304 with no body. What is compressed already (photos, video, zips,
 * PDFs: types mime-db does not call compressible) and the precompressed static files (they
 * carry their Content-Encoding) are sent as they are; so are byte ranges (206).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
}
