import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dcuPairingHistorySchema,
  dcuPairingResultSchema,
  dcuPairingSchema,
  dcuStatusSchema,
  imeiSchema,
  masterKeyRequestSchema,
  masterKeyResponseSchema,
  MASTER_KEY_SERIAL_REQUIRED_MESSAGE,
} from '../../contract/dcu';
import type { AppContext } from '../context';
import { dcuStatus, pairDcu, pairingHistory } from '../services/dcu';
import { idempotentWrite } from '../services/idempotency';
import { lookUpMasterKey } from '../services/master-key';

/** The :imei path parameter: product §5's rule and message, verbatim (no field prefix). */
const imeiParamsSchema = z.object({ imei: imeiSchema });

/**
 * The master key body: product §5's three messages verbatim; a missing serial is "required".
 * Its issues are raised on the whole body, so the messages stand without a field prefix.
 */
const masterKeyBodySchema = z.unknown().transform((body, ctx): string => {
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return refuse('The request body must be a JSON object');
  }
  const serial = (body as { serialNumber?: unknown }).serialNumber;
  if (serial === undefined || serial === null) return refuse(MASTER_KEY_SERIAL_REQUIRED_MESSAGE);
  const parsed = masterKeyRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data.serialNumber;
  const issue = parsed.error.issues[0];
  return refuse(
    issue?.path[0] === 'serialNumber' && issue.code === 'invalid_type'
      ? 'Serial Number must be a string'
      : (issue?.message ?? 'Invalid request'),
  );
});

/** product §2/§7 DCU pairing and Keyless Master Password: any signed-in user (product §6). */
export async function dcuRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/dcu/:imei',
    { config: { access: 'user', scope: 'public' }, schema: { params: imeiParamsSchema } },
    async (request) => dcuStatusSchema.parse(await dcuStatus(db, request.params.imei)),
  );

  api.get(
    '/api/v1/dcu/:imei/pairings',
    { config: { access: 'user', scope: 'organisation' }, schema: { params: imeiParamsSchema } },
    async (request) => {
      const pairings = await pairingHistory(db, request.user!, request.params.imei);
      return dcuPairingHistorySchema.parse({ pairings });
    },
  );

  // Queued by the outbox: applied once per Idempotency-Key, refusals replayed as stored.
  api.post(
    '/api/v1/dcu/pairings',
    { config: { access: 'user', scope: 'organisation' }, schema: { body: dcuPairingSchema } },
    async (request, reply) => {
      const user = request.user!;
      const input = request.body;
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 201,
        body: dcuPairingResultSchema.parse(await pairDcu(trx, user, input)),
      }));
    },
  );

  api.post(
    '/api/v1/master-key',
    { config: { access: 'user', scope: 'public' }, schema: { body: masterKeyBodySchema } },
    async (request) =>
      masterKeyResponseSchema.parse(await lookUpMasterKey(db, config, request.user!, request.body)),
  );
}
