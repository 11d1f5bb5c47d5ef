import type { ChangesResponse } from '../../contract/changes';
import { getChanges as getChangesEndpoint } from '../../contract/endpoints/changes';
import { callApi } from './endpoint-client';

export type { ChangesResponse };

/**
 * GET what changed since `since`; without it, only a cursor to start from. With `wait`, the
 * gateway holds the answer up to that many seconds until something changes.
 */
export function getChanges(
  since: string | undefined,
  signal?: AbortSignal,
  wait?: number,
): Promise<ChangesResponse> {
  // Asked in the background: an ended session is the user's to renew when they next act, not
  // a sign-in prompt over whatever they are doing.
  return callApi(getChangesEndpoint, {
    query: { since, wait: wait?.toString() },
    signal,
    renewOn401: false,
  });
}
