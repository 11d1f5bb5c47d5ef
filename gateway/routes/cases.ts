import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CASE_FILE_MAX_BYTES, CASE_FILE_TOO_LARGE_MESSAGE } from '../../contract/cases';
import * as cases from '../../contract/endpoints/cases';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { EXPENSIVE, UPLOAD } from '../http/fair-use';
import { refuseBadQuery } from '../http/query';
import { route } from '../http/route';
import { sendStoredFile } from '../http/stored-file';
import { createCase } from '../services/case-create';
import { caseDetail } from '../services/case-detail';
import { caseFeed } from '../services/case-feed';
import { caseFileFor } from '../services/case-files';
import { layoutOf, picklistsOf, recordTypes } from '../services/case-layouts';
import { dealerCases, organisationCases } from '../services/case-lists';
import { lookup } from '../services/case-lookups';
import { markCaseRead, unreadCases } from '../services/case-reads';
import { queueReplyPush } from '../services/case-reply-push';
import { closeCase, postFeedItem, prepareUpload, storeUpload } from '../services/case-updates';
import { idempotentWrite } from '../services/idempotency';

const FILE_PART_MESSAGE = 'Send the file as multipart/form-data in a part named "file"';
const ONE_FILE_MESSAGE = 'Send one file per request';

interface Upload {
  /** A temporary file holding the bytes; removed by the caller. */
  path: string;
  size: number;
  name: string;
}

/**
 * Receives the one file of a multipart upload into a temporary file in `dir`, so a slow body
 * holds no memory: 413 above the limit, 400 for anything else. The whole form is read: a second
 * file is refused rather than silently dropped, so the caller never believes both were stored.
 */
async function receiveUpload(request: FastifyRequest, dir: string): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, FILE_PART_MESSAGE);
  let file: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (file) throw new HttpError(400, ONE_FILE_MESSAGE);
      if (part.fieldname !== 'file') throw new HttpError(400, FILE_PART_MESSAGE);
      const path = join(dir, 'file');
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new HttpError(413, CASE_FILE_TOO_LARGE_MESSAGE);
      const { size } = await stat(path);
      file = { path, size, name: part.filename ?? '' };
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw new HttpError(400, FILE_PART_MESSAGE);
  if (file.size === 0) throw new HttpError(400, 'The file is empty');
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
export async function caseRoutes(app: FastifyInstance, { db, config, pushes }: AppContext) {
  route(app, cases.createCase, async (request, reply) => {
    const current = request.user!;
    const { fields } = request.body;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 201,
      body: await createCase(trx, current, fields, config.productName),
    }));
  });

  await app.register(multipart, {
    limits: { fileSize: CASE_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });
  const refuse = { preValidation: refuseBadQuery };
  // Bodies being received: on the data directory's disk, not in memory (a tmpfs /tmp would be).
  const uploads = join(config.dataDir, 'uploads');
  await mkdir(uploads, { recursive: true });

  route(
    app,
    cases.listCases,
    async (request) => dealerCases(db, request.user!, request.query),
    refuse,
  );

  route(
    app,
    cases.listOrganisationCases,
    async (request) => organisationCases(db, request.user!, request.params.orgId, request.query),
    refuse,
  );

  route(app, cases.listUnreadCases, async (request) => unreadCases(db, request.user!));

  route(app, cases.getRecordTypes, async (request) => ({
    recordTypes: await recordTypes(db, request.user!),
  }));

  route(app, cases.getLayout, async (request) =>
    layoutOf(db, request.user!, request.params.recordTypeId, config.productName),
  );

  route(app, cases.getPicklists, async (request) =>
    picklistsOf(db, request.user!, request.params.recordTypeId),
  );

  route(
    app,
    cases.lookupRecords,
    async (request) => lookup(db, request.user!, request.params.field, request.query),
    { config: EXPENSIVE, ...refuse },
  );

  route(app, cases.getCase, async (request) => ({
    case: await caseDetail(db, request.user!, request.params.id),
  }));

  route(app, cases.getCaseFeed, async (request) => ({
    items: await caseFeed(db, request.user!, request.params.id),
  }));

  route(app, cases.getCaseFile, async (request, reply) =>
    sendStoredFile(reply, await caseFileFor(db, request.user!, request.params.id, false)),
  );

  route(app, cases.getCaseFileThumbnail, async (request, reply) =>
    sendStoredFile(reply, await caseFileFor(db, request.user!, request.params.id, true)),
  );

  // Writes: queued by the outbox, each applied once per Idempotency-Key.
  route(
    app,
    cases.uploadCaseFile,
    async (request, reply) => {
      const { id } = request.params;
      const current = request.user!;
      // Received in full before anything is written: a cut-off upload stores nothing, and its
      // retry (same key) stores the file once. Receiving waits on the network, outside the bound
      // of expensive work; reading, sniffing, drawing the thumbnail and storing are within it.
      const dir = await mkdtemp(join(uploads, 'upload-'));
      try {
        const file = await receiveUpload(request, dir);
        return await app.heavyWork(request, reply, async () => {
          const upload = await prepareUpload(await readFile(file.path), file.name);
          return idempotentWrite(
            db,
            request,
            reply,
            async (trx) => ({ status: 201, body: await storeUpload(trx, current, id, upload) }),
            { sha256: upload.sha256, name: upload.name },
          );
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    { config: UPLOAD },
  );

  route(app, cases.postFeedItem, async (request, reply) => {
    const { id } = request.params;
    const current = request.user!;
    const input = request.body;
    // Counted only when this request wrote the entry: a replayed key pushes nothing again.
    let queued = 0;
    const answer = await idempotentWrite(db, request, reply, async (trx) => {
      const body = await postFeedItem(trx, current, id, input);
      const authorName = body.item.authorName ?? current.username;
      const posted = { caseId: id, authorId: current.id, authorName, body: input.body };
      queued = await queueReplyPush(trx, posted, pushes.enqueue);
      return { status: 201, body };
    });
    if (queued > 0) pushes.kick();
    return answer;
  });

  route(app, cases.markCaseRead, async (request, reply) => {
    const { id } = request.params;
    const current = request.user!;
    const { readAt } = request.body;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 200,
      body: await markCaseRead(trx, current, id, readAt),
    }));
  });

  route(app, cases.closeCase, async (request, reply) => {
    const { id } = request.params;
    const current = request.user!;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 200,
      body: await closeCase(trx, current, id),
    }));
  });
}
