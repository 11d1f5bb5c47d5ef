import type { DcuPairingResult, DcuStatus, MasterKeyResponse } from '../../contract/dcu';
import * as dcu from '../../contract/endpoints/dcu';
import { callApi } from './endpoint-client';

export type { DcuStatus, MasterKeyResponse };

/*
 * The online-only DCU lookups (product §4 "Offline-first": the IMEI check and the master key need
 * the server). The pairing commit is not here: it is an outbox write (sync/dcu.ts), sent by the
 * replayer as write-kinds.ts says.
 */

/** validateDCUv2: the unit's part number and last report. */
export async function fetchDcuStatus(imei: string, signal?: AbortSignal): Promise<DcuStatus> {
  return callApi(dcu.getDcuStatus, { params: { imei }, signal });
}

/** What was applied to a unit, newest first. */
export async function fetchDcuPairings(
  imei: string,
  signal?: AbortSignal,
): Promise<DcuPairingResult[]> {
  return (await callApi(dcu.getDcuPairings, { params: { imei }, signal })).pairings;
}

/** The keyless master password of a DCU module (audited, rate limited). */
export async function requestMasterKey(
  serialNumber: string,
  signal?: AbortSignal,
): Promise<MasterKeyResponse> {
  return callApi(dcu.requestMasterKey, { body: { serialNumber }, signal });
}
