import { useLiveQuery } from 'dexie-react-hooks';
import { db, ownerRange } from '../../db/db';
import type { RecentCaseRow, RecentMachineRow, RecentSearchRow } from '../../db/schema';

const SHOWN = 10;

/** The signed-in user's recent machines, newest first (live: a view elsewhere shows up here). */
export function useRecentMachines(userId: string): RecentMachineRow[] | undefined {
  return useLiveQuery(
    () =>
      db.recentMachines
        .where('[ownerUserId+viewedAt]')
        .between(...ownerRange(userId))
        .reverse()
        .limit(SHOWN)
        .toArray(),
    [userId],
  );
}

export function useRecentSearches(userId: string): RecentSearchRow[] | undefined {
  return useLiveQuery(
    () =>
      db.recentSearches
        .where('[ownerUserId+searchedAt]')
        .between(...ownerRange(userId))
        .reverse()
        .limit(SHOWN)
        .toArray(),
    [userId],
  );
}

export function useRecentCases(userId: string): RecentCaseRow[] | undefined {
  return useLiveQuery(
    () =>
      db.recentCases
        .where('[ownerUserId+viewedAt]')
        .between(...ownerRange(userId))
        .reverse()
        .limit(SHOWN)
        .toArray(),
    [userId],
  );
}
