import type { UnreadCasesResponse } from '../../contract/case-reads';
import { listUnreadCases } from '../../contract/first-screen-answers';
import { callChecked } from './checked-call';

/**
 * GET the caller's unread cases (newest reply first) and how many there are. Every signed-in
 * screen asks at start for the Support tab's count, so the answer is checked without zod.
 */
export function getUnreadCases(signal?: AbortSignal): Promise<UnreadCasesResponse> {
  return callChecked(listUnreadCases, { signal });
}
