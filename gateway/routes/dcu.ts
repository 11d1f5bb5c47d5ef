import type { FastifyInstance } from 'fastify';
import {
  dcuPairingHistorySchema,
  dcuPairingResultSchema,
  dcuPairingSchema,
  dcuStatusSchema,
  imeiSchema,
  IMEI_LENGTH_MESSAGE,
  masterKeyRequestSchema,
  masterKeyResponseSchema,
  MASTER_KEY_SERIAL_REQUIRED_MESSAGE,
} from '../../contract/dcu';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { dcuStatus, pairDcu, pairingHistory } from '../services/dcu';
import { idempotentWrite } from '../services/idempotency';
import { lookUpMasterKey } from '../services/master-key';

/** The :imei path parameter: SPEC §5's rule and message, verbatim (no field prefix). */
function imeiParam(params: unknown): string {
  const parsed = imeiSchema.safeParse((params as { imei?: unknown } | null)?.imei);
  if (!parsed.success) throw new HttpError(400, IMEI_LENGTH_MESSAGE);
  return parsed.data;
}

/** The master key body: SPEC §5's three messages verbatim; a missing serial is "required". */
function masterKeySerial(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  const serial = (body as { serialNumber?: unknown }).serialNumber;
  if (serial === undefined || serial === null) {
    throw new HttpError(400, MASTER_KEY_SERIAL_REQUIRED_MESSAGE);
  }
  const parsed = masterKeyRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.path[0] === 'serialNumber' && issue.code === 'invalid_type'
        ? 'Serial Number must be a string'
        : (issue?.message ?? 'Invalid request');
    throw new HttpError(400, message);
  }
  return parsed.data.serialNumber;
}

/** SPEC §2/§7 DCU pairing and Keyless Master Password: any signed-in user (SPEC §6). */
export async function dcuRoutes(app: FastifyInstance, { db, guards, config }: AppContext) {
  app.get('/api/v1/dcu/:imei', { preHandler: guards.requireUser }, async (request) => {
    return dcuStatusSchema.parse(await dcuStatus(db, imeiParam(request.params)));
  });

  app.get('/api/v1/dcu/:imei/pairings', { preHandler: guards.requireUser }, async (request) => {
    const pairings = await pairingHistory(db, request.user!, imeiParam(request.params));
    return dcuPairingHistorySchema.parse({ pairings });
  });

  // Queued by the outbox: applied once per Idempotency-Key, refusals replayed as stored.
  app.post('/api/v1/dcu/pairings', { preHandler: guards.requireUser }, async (request, reply) => {
    const input = dcuPairingSchema.parse(request.body);
    const user = request.user!;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 201,
      body: dcuPairingResultSchema.parse(await pairDcu(trx, user, input)),
    }));
  });

  app.post('/api/v1/master-key', { preHandler: guards.requireUser }, async (request) => {
    const serialNumber = masterKeySerial(request.body);
    return masterKeyResponseSchema.parse(
      await lookUpMasterKey(db, config, request.user!, serialNumber),
    );
  });
}
