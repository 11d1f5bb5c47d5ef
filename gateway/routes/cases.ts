import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CASE_FILE_MAX_BYTES,
  CASE_FILE_TOO_LARGE_MESSAGE,
  CASE_NOT_FOUND_MESSAGE,
  caseDetailResponseSchema,
  caseFeedResponseSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  closeCaseResponseSchema,
  layoutResponseSchema,
  lookupQuerySchema,
  lookupResponseSchema,
  picklistsResponseSchema,
  postFeedItemResponseSchema,
  postFeedItemSchema,
  recordTypesResponseSchema,
  uploadedFileSchema,
} from '../../contract/cases';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { sendStoredFile } from '../http/stored-file';
import { caseDetail } from '../services/case-detail';
import { caseFeed } from '../services/case-feed';
import { caseFileFor } from '../services/case-files';
import { layoutOf, picklistsOf, recordTypes } from '../services/case-layouts';
import { dealerCases, organisationCases } from '../services/case-lists';
import { lookup } from '../services/case-lookups';
import { closeCase, postFeedItem, prepareUpload, storeUpload } from '../services/case-updates';
import { idempotentWrite } from '../services/idempotency';
import { EXPENSIVE, PER_USER_LIMIT } from '../http/fair-use';

const ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;
const idOf = (what: string) => z.string().regex(ID_PATTERN, `The ${what} id is not valid`);

/** A malformed case id reads like a missing case on the screen (product §8: 404 or 400). */
export const caseParamsSchema = z.object({
  id: z.string().regex(ID_PATTERN, CASE_NOT_FOUND_MESSAGE),
});
const fileParamsSchema = z.object({ id: idOf('file') });
const orgParamsSchema = z.object({ orgId: idOf('organisation') });
const recordTypeParamsSchema = z.object({ recordTypeId: idOf('record type') });
const fieldParamsSchema = z.object({
  field: z.string().regex(/^[A-Za-z0-9_]{1,80}$/, 'The field name is not valid'),
});

/** A repeated query parameter arrives as an array: refused rather than guessed. */
export async function refuseBadQuery(request: FastifyRequest): Promise<void> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const v of Object.values(query)) {
    if (Array.isArray(v)) throw new HttpError(400, 'A query parameter was given more than once');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (typeof v === 'string' && /[\u0000-\u001f\u007f]/.test(v)) {
      throw new HttpError(400, 'Control characters are not allowed in a query');
    }
  }
}

const FILE_PART_MESSAGE = 'Send the file as multipart/form-data in a part named "file"';
const ONE_FILE_MESSAGE = 'Send one file per request';

/**
 * Reads the one file of a multipart upload; 413 above the limit, 400 for anything else. The
 * whole form is read: a second file is refused rather than silently dropped, so the caller
 * never believes both were stored.
 */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw new HttpError(400, FILE_PART_MESSAGE);
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (file) throw new HttpError(400, ONE_FILE_MESSAGE);
      if (part.fieldname !== 'file') throw new HttpError(400, FILE_PART_MESSAGE);
      file = { bytes: await part.toBuffer(), name: part.filename ?? '' };
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw new HttpError(400, FILE_PART_MESSAGE);
  if (file.bytes.length === 0) throw new HttpError(400, 'The file is empty');
  return file;
}

function uploadError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, CASE_FILE_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(400, ONE_FILE_MESSAGE);
  }
  // A stream that ends early (a connection lost half-way) or a malformed form: the caller's
  // request, not a fault of ours. Nothing was stored; the same request may be sent again.
  return new HttpError(400, 'The upload was cut off or malformed; send it again');
}

/**
 * product §2 Case detail and Case list screens, §7 "Cases and wizard". Reads check the
 * organisation rule on every path (another dealer's case, feed or file is 404); writes are
 * applied once per Idempotency-Key (the outbox replays them).
 */
export async function caseRoutes(app: FastifyInstance, { db, config }: AppContext) {
  await app.register(multipart, {
    limits: { fileSize: CASE_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const records = { access: 'user', scope: 'organisation' } as const;
  const refuse = { preValidation: refuseBadQuery };

  api.get(
    '/api/v1/cases',
    { config: records, ...refuse, schema: { querystring: caseListQuerySchema } },
    async (request) =>
      caseListResponseSchema.parse(await dealerCases(db, request.user!, request.query)),
  );

  api.get(
    '/api/v1/organisations/:orgId/cases',
    {
      config: records,
      ...refuse,
      schema: { params: orgParamsSchema, querystring: caseListQuerySchema },
    },
    async (request) =>
      caseListResponseSchema.parse(
        await organisationCases(db, request.user!, request.params.orgId, request.query),
      ),
  );

  // Reports' record type, layout and picklists are for internal users only (product §6).
  api.get(
    '/api/v1/cases/record-types',
    { config: { access: 'user', scope: 'public' } },
    async (request) =>
      recordTypesResponseSchema.parse({ recordTypes: await recordTypes(db, request.user!) }),
  );

  api.get(
    '/api/v1/cases/layouts/:recordTypeId',
    { config: { access: 'user', scope: 'caller' }, schema: { params: recordTypeParamsSchema } },
    async (request) =>
      layoutResponseSchema.parse(
        await layoutOf(db, request.user!, request.params.recordTypeId, config.productName),
      ),
  );

  api.get(
    '/api/v1/cases/picklists/:recordTypeId',
    { config: { access: 'user', scope: 'public' }, schema: { params: recordTypeParamsSchema } },
    async (request) =>
      picklistsResponseSchema.parse(
        await picklistsOf(db, request.user!, request.params.recordTypeId),
      ),
  );

  api.get(
    '/api/v1/cases/lookups/:field',
    {
      config: { ...records, ...EXPENSIVE },
      ...refuse,
      schema: { params: fieldParamsSchema, querystring: lookupQuerySchema },
    },
    async (request) =>
      lookupResponseSchema.parse(
        await lookup(db, request.user!, request.params.field, request.query),
      ),
  );

  api.get(
    '/api/v1/cases/:id',
    { config: records, schema: { params: caseParamsSchema } },
    async (request) => {
      const detail = await caseDetail(db, request.user!, request.params.id);
      return caseDetailResponseSchema.parse({ case: detail });
    },
  );

  api.get(
    '/api/v1/cases/:id/feed',
    { config: records, schema: { params: caseParamsSchema } },
    async (request) => {
      const items = await caseFeed(db, request.user!, request.params.id);
      return caseFeedResponseSchema.parse({ items });
    },
  );

  api.get(
    '/api/v1/case-files/:id',
    { config: records, schema: { params: fileParamsSchema } },
    async (request, reply) =>
      sendStoredFile(reply, await caseFileFor(db, request.user!, request.params.id, false)),
  );

  api.get(
    '/api/v1/case-files/:id/thumbnail',
    { config: records, schema: { params: fileParamsSchema } },
    async (request, reply) =>
      sendStoredFile(reply, await caseFileFor(db, request.user!, request.params.id, true)),
  );

  // Writes: queued by the outbox, each applied once per Idempotency-Key.
  api.post(
    '/api/v1/cases/:id/files',
    { config: { ...records, ...PER_USER_LIMIT }, schema: { params: caseParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const current = request.user!;
      // Read and sniffed in full before anything is written: a cut-off upload stores nothing,
      // and its retry (same key) stores the file once.
      const file = await readUpload(request);
      const upload = await prepareUpload(file.bytes, file.name);
      return idempotentWrite(
        db,
        request,
        reply,
        async (trx) => ({
          status: 201,
          body: uploadedFileSchema.parse(await storeUpload(trx, current, id, upload)),
        }),
        { sha256: upload.sha256, name: upload.name },
      );
    },
  );

  api.post(
    '/api/v1/cases/:id/feed',
    { config: records, schema: { params: caseParamsSchema, body: postFeedItemSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const current = request.user!;
      const input = request.body;
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 201,
        body: postFeedItemResponseSchema.parse(await postFeedItem(trx, current, id, input)),
      }));
    },
  );

  api.post(
    '/api/v1/cases/:id/close',
    { config: records, schema: { params: caseParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const current = request.user!;
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 200,
        body: closeCaseResponseSchema.parse(await closeCase(trx, current, id)),
      }));
    },
  );
}
