import { z } from 'zod/mini';
import {
  dcuPairingHistorySchema,
  dcuPairingResultSchema,
  dcuPairingSchema,
  dcuStatusSchema,
  imeiSchema,
  masterKeyRequestSchema,
  masterKeyResponseSchema,
  MASTER_KEY_SERIAL_REQUIRED_MESSAGE,
  type MasterKeyRequest,
} from '../dcu';
import { endpoint } from '../endpoint';

/* product §2/§7 DCU pairing and Keyless Master Password: any signed-in user (product §6). */

/** The :imei path parameter: product §5's rule and message, verbatim (no field prefix). */
const imeiParamsSchema = z.object({ imei: imeiSchema });

/**
 * The master key body: product §5's three messages verbatim; a missing serial is "required".
 * Its issues are raised on the whole body, so the messages stand without a field prefix.
 * What it accepts is a MasterKeyRequest; the checks are its own to keep those messages.
 */
const masterKeyBodySchema = z.pipe(
  z.custom<MasterKeyRequest>(() => true),
  z.transform((body: MasterKeyRequest, ctx): string => {
    const refuse = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: body });
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
  }),
);

export const getDcuStatus = endpoint({
  method: 'GET',
  path: '/api/v1/dcu/:imei',
  summary: "A unit's part number and last report (validateDCUv2)",
  access: 'user',
  scope: 'public',
  params: imeiParamsSchema,
  responses: { 200: dcuStatusSchema },
});

export const getDcuPairings = endpoint({
  method: 'GET',
  path: '/api/v1/dcu/:imei/pairings',
  summary: 'What was applied to a unit, newest first',
  access: 'user',
  scope: 'organisation',
  params: imeiParamsSchema,
  responses: { 200: dcuPairingHistorySchema },
});

export const pairDcu = endpoint({
  method: 'POST',
  path: '/api/v1/dcu/pairings',
  summary: 'Pairs a unit with a machine (refusals are replayed as stored)',
  access: 'user',
  scope: 'organisation',
  body: dcuPairingSchema,
  responses: { 201: dcuPairingResultSchema },
  idempotent: true,
  errors: { 409: 'the unit is paired with another machine already' },
});

export const requestMasterKey = endpoint({
  method: 'POST',
  path: '/api/v1/master-key',
  summary: 'The keyless master password of a DCU module (audited, rate limited)',
  access: 'user',
  scope: 'public',
  body: masterKeyBodySchema,
  responses: { 200: masterKeyResponseSchema },
  errors: { 429: "the caller's hourly master key lookups are used up" },
});
