import { z } from 'zod/mini';

/* product §2 DCU pairing and Keyless Master Password, §5 rules, §7 calls, §8 messages. */

export const IMEI_LENGTH = 15;
export const IMEI_LENGTH_MESSAGE = 'IMEI must be 15 char long';
/** product §8: the IMEI check fails. */
export const IMEI_INVALID_MESSAGE =
  'The scan results are invalid. Please refer to the warranty system to verify and resolve this issue.';
/** product §8: the commit fails without an answer from the server. */
export const COMMIT_NETWORK_FAILURE_MESSAGE =
  'The application experienced an unexplained error. Please try again or submit a Case.';
export const ENGINE_HOURS_MAX_LENGTH = 8;
export const ENGINE_HOURS_MESSAGE =
  'Engine hours must be a number with an optional decimal part, at most 8 characters';
export const MASTER_KEY_SERIAL_LENGTH_MESSAGE = 'Serial Number must be between 6-11 digits';
export const MASTER_KEY_SERIAL_DIGITS_MESSAGE =
  'Serial Number only accepts numbers. No symbols, spaces or alphabetical characters are allowed.';
export const MASTER_KEY_SERIAL_REQUIRED_MESSAGE = 'Serial Number is required';

/** The errorCode values of a refused pairing (product §7: "an object with errorCode and message"). */
export const DCU_ERROR_CODES = ['imei-unknown', 'already-paired', 'machine-not-found'] as const;
export type DcuErrorCode = (typeof DCU_ERROR_CODES)[number];

export const imeiSchema = z
  .string()
  .check(z.regex(/^\d*$/, IMEI_LENGTH_MESSAGE), z.length(IMEI_LENGTH, IMEI_LENGTH_MESSAGE));

/** product §5: numeric with an optional decimal part, at most 8 characters. */
export function engineHoursProblem(value: string): string | null {
  if (value.length === 0 || value.length > ENGINE_HOURS_MAX_LENGTH) return ENGINE_HOURS_MESSAGE;
  return /^\d+(\.\d+)?$/.test(value) ? null : ENGINE_HOURS_MESSAGE;
}

/**
 * product §5 master key serial: empty is allowed until submit (null here; the form blocks submit
 * on empty), then 6-11 characters and digits only. Length is checked first, as the observed app did.
 */
export function masterKeySerialProblem(value: string): string | null {
  if (value.length === 0) return null;
  if (value.length < 6 || value.length > 11) return MASTER_KEY_SERIAL_LENGTH_MESSAGE;
  if (!/^\d+$/.test(value)) return MASTER_KEY_SERIAL_DIGITS_MESSAGE;
  return null;
}

/** validateDCUv2: the unit behind an IMEI (GET /api/v1/dcu/:imei; history at /api/v1/dcu/:imei/pairings). */
export const dcuStatusSchema = z.object({
  imei: z.string(),
  /** The DCU part number (product.md: "type"). */
  type: z.string(),
  /** ISO date-time of the unit's last report (last_report.server_time); null when it never reported. */
  lastReportedAt: z.nullable(z.string()),
});
export type DcuStatus = z.infer<typeof dcuStatusSchema>;

/** UpdateIMEI body (product §3 DCU pairing payload). Send with an Idempotency-Key. */
export const dcuPairingSchema = z.object({
  serialNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  modelNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  pin: z._default(z.string().check(z.trim(), z.maxLength(40)), ''),
  dcuPartNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  imeiNumber: imeiSchema,
  usageHours: z
    .string()
    .check(z.refine((v) => engineHoursProblem(v) === null, ENGINE_HOURS_MESSAGE)),
});
export type DcuPairing = z.input<typeof dcuPairingSchema>;

export const dcuPairingResultSchema = z.object({
  pairingId: z.string(),
  imeiNumber: z.string(),
  serialNumber: z.string(),
  modelNumber: z.string(),
  pairedAt: z.string(),
});
export type DcuPairingResult = z.infer<typeof dcuPairingResultSchema>;

export const masterKeyRequestSchema = z.object({
  serialNumber: z.string().check(
    z.minLength(1, MASTER_KEY_SERIAL_REQUIRED_MESSAGE),
    z.superRefine((v: string, ctx) => {
      const problem = masterKeySerialProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
});
export type MasterKeyRequest = z.input<typeof masterKeyRequestSchema>;
export const masterKeyResponseSchema = z.object({
  /** 'Success.' as the service says it (product §7). */
  status: z.string(),
  serialNumber: z.string(),
  masterKey: z.string(),
});
export type MasterKeyResponse = z.infer<typeof masterKeyResponseSchema>;

/** A unit's pairing history (newest first): support staff and tests read what was applied. */
export const dcuPairingHistorySchema = z.object({ pairings: z.array(dcuPairingResultSchema) });
