import {
  dcuPairingHistorySchema,
  dcuStatusSchema,
  masterKeyResponseSchema,
  type DcuPairingResult,
  type DcuStatus,
  type MasterKeyResponse,
} from '../../contract/dcu';
import { apiRequest } from './client';

export type { DcuStatus, MasterKeyResponse };

/*
 * The online-only DCU lookups (product §4 "Offline-first": the IMEI check and the master key need
 * the server). The pairing commit is not here: it is an outbox write (sync/dcu.ts), sent by the
 * replayer as write-kinds.ts says.
 */

/** GET /api/v1/dcu/:imei (validateDCUv2): the unit's part number and last report. */
export async function fetchDcuStatus(imei: string, signal?: AbortSignal): Promise<DcuStatus> {
  return apiRequest(`/api/v1/dcu/${encodeURIComponent(imei)}`, { schema: dcuStatusSchema, signal });
}

/** GET /api/v1/dcu/:imei/pairings: what was applied to a unit, newest first. */
export async function fetchDcuPairings(
  imei: string,
  signal?: AbortSignal,
): Promise<DcuPairingResult[]> {
  const body = await apiRequest(`/api/v1/dcu/${encodeURIComponent(imei)}/pairings`, {
    schema: dcuPairingHistorySchema,
    signal,
  });
  return body.pairings;
}

/** POST /api/v1/master-key: the keyless master password of a DCU module (audited, rate limited). */
export async function requestMasterKey(
  serialNumber: string,
  signal?: AbortSignal,
): Promise<MasterKeyResponse> {
  return apiRequest('/api/v1/master-key', {
    method: 'POST',
    body: { serialNumber },
    schema: masterKeyResponseSchema,
    signal,
  });
}
