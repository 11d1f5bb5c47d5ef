import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CASE_FILE_MAX_BYTES,
  CASE_FILE_TOO_LARGE_MESSAGE,
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
import { caseIdOf, visibleCase } from '../services/case-access';
import { caseDetail } from '../services/case-detail';
import { caseFeed } from '../services/case-feed';
import { caseFileFor } from '../services/case-files';
import { layoutOf, picklistsOf, recordTypes } from '../services/case-layouts';
import { dealerCases, organisationCases } from '../services/case-lists';
import { lookup } from '../services/case-lookups';
import { closeCase, postFeedItem, prepareUpload, storeUpload } from '../services/case-updates';
import { idempotentWrite } from '../services/idempotency';

const ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;

/** A path id of ours (record type, organisation, file), or a plain 400. */
function idParam(request: FastifyRequest, name: string, what: string): string {
  const raw = (request.params as Record<string, unknown> | null)?.[name];
  if (typeof raw !== 'string' || !ID_PATTERN.test(raw)) {
    throw new HttpError(400, `The ${what} id is not valid`);
  }
  return raw;
}

const caseId = (request: FastifyRequest) =>
  caseIdOf((request.params as { id?: unknown } | null)?.id);

/** A repeated query parameter arrives as an array: refused rather than guessed. */
function singleQuery(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const v of Object.values(query)) {
    if (Array.isArray(v)) throw new HttpError(400, 'A query parameter was given more than once');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (typeof v === 'string' && /[\u0000-\u001f\u007f]/.test(v)) {
      throw new HttpError(400, 'Control characters are not allowed in a query');
    }
  }
  return query;
}

const fieldParamSchema = z.string().regex(/^[A-Za-z0-9_]{1,80}$/, 'The field name is not valid');

/** Reads the one file of a multipart upload; 413 above the limit, 400 for anything else. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'Send the file as multipart/form-data in a part named "file"');
  }
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw uploadError(err);
  }
  if (!part || part.fieldname !== 'file') {
    throw new HttpError(400, 'Send the file as multipart/form-data in a part named "file"');
  }
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new HttpError(400, 'The file is empty');
    return { bytes, name: part.filename ?? '' };
  } catch (err) {
    throw uploadError(err);
  }
}

function uploadError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, CASE_FILE_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(400, 'Send one file per request');
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
export async function caseRoutes(app: FastifyInstance, { db, guards, config }: AppContext) {
  await app.register(multipart, {
    limits: { fileSize: CASE_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });
  const user = { preHandler: guards.requireUser };

  app.get('/api/v1/cases', user, async (request) => {
    const q = caseListQuerySchema.parse(singleQuery(request));
    return caseListResponseSchema.parse(await dealerCases(db, request.user!, q));
  });

  app.get('/api/v1/organisations/:orgId/cases', user, async (request) => {
    const orgId = idParam(request, 'orgId', 'organisation');
    const q = caseListQuerySchema.parse(singleQuery(request));
    return caseListResponseSchema.parse(await organisationCases(db, request.user!, orgId, q));
  });

  app.get('/api/v1/cases/record-types', user, async (request) => {
    return recordTypesResponseSchema.parse({ recordTypes: await recordTypes(db, request.user!) });
  });

  app.get('/api/v1/cases/layouts/:recordTypeId', user, async (request) => {
    const id = idParam(request, 'recordTypeId', 'record type');
    return layoutResponseSchema.parse(await layoutOf(db, request.user!, id, config.productName));
  });

  app.get('/api/v1/cases/picklists/:recordTypeId', user, async (request) => {
    const id = idParam(request, 'recordTypeId', 'record type');
    return picklistsResponseSchema.parse(await picklistsOf(db, request.user!, id));
  });

  app.get('/api/v1/cases/lookups/:field', user, async (request) => {
    const field = fieldParamSchema.parse((request.params as { field?: unknown }).field);
    const q = lookupQuerySchema.parse(singleQuery(request));
    return lookupResponseSchema.parse(await lookup(db, request.user!, field, q));
  });

  app.get('/api/v1/cases/:id', user, async (request) => {
    const detail = await caseDetail(db, request.user!, caseId(request));
    return caseDetailResponseSchema.parse({ case: detail });
  });

  app.get('/api/v1/cases/:id/feed', user, async (request) => {
    const id = caseId(request);
    await visibleCase(db, request.user!, id);
    return caseFeedResponseSchema.parse({ items: await caseFeed(db, id) });
  });

  app.get('/api/v1/case-files/:id', user, async (request, reply) => {
    const id = idParam(request, 'id', 'file');
    return sendStoredFile(request, reply, await caseFileFor(db, request.user!, id, false));
  });

  app.get('/api/v1/case-files/:id/thumbnail', user, async (request, reply) => {
    const id = idParam(request, 'id', 'file');
    return sendStoredFile(request, reply, await caseFileFor(db, request.user!, id, true));
  });

  // Writes: queued by the outbox, each applied once per Idempotency-Key.
  app.post('/api/v1/cases/:id/files', user, async (request, reply) => {
    const id = caseId(request);
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
  });

  app.post('/api/v1/cases/:id/feed', user, async (request, reply) => {
    const id = caseId(request);
    const input = postFeedItemSchema.parse(request.body ?? {});
    const current = request.user!;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 201,
      body: postFeedItemResponseSchema.parse(await postFeedItem(trx, current, id, input)),
    }));
  });

  app.post('/api/v1/cases/:id/close', user, async (request, reply) => {
    const id = caseId(request);
    const current = request.user!;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 200,
      body: closeCaseResponseSchema.parse(await closeCase(trx, current, id)),
    }));
  });
}
