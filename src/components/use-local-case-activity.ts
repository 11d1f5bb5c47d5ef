import { useLiveQuery } from 'dexie-react-hooks';
import { localCaseActivity } from '../sync/local-case-activity';

const NONE: ReadonlyMap<string, number> = new Map();

/** This device's updates per case, live from the outbox (see localCaseActivity). */
export function useLocalCaseActivity(userId: string | undefined): ReadonlyMap<string, number> {
  return (
    useLiveQuery(async () => (userId ? await localCaseActivity(userId) : NONE), [userId]) ?? NONE
  );
}
