import { useLiveQuery } from 'dexie-react-hooks';
import { queuedCases, type QueuedCaseRow } from '../sync/queued-cases';

/**
 * The cases and reports this user created on the device, live from the outbox: a case made
 * offline shows in every list at once, and its number replaces the local reference as soon as
 * the gateway answers.
 */
export function useQueuedCases(userId: string | undefined): QueuedCaseRow[] {
  return useLiveQuery(async () => (userId ? await queuedCases(userId) : []), [userId]) ?? NONE;
}

const NONE: QueuedCaseRow[] = [];
