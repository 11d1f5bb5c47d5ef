import type { ChangesResponse } from '../../contract/changes';
import { getChanges as getChangesEndpoint } from '../../contract/endpoints/changes';
import { callApi } from './endpoint-client';

export type { ChangesResponse };

/** GET what changed since `since`; without it, only a cursor to start from. */
export function getChanges(
  since: string | undefined,
  signal?: AbortSignal,
): Promise<ChangesResponse> {
  return callApi(getChangesEndpoint, { query: { since }, signal });
}
