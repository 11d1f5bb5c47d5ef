import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, ownerRange } from '../../db/db';
import { recentCasesOf } from '../../db/recent-cases';
import type { RecentCaseRow, RecentMachineRow, RecentSearchRow } from '../../db/schema';

const SHOWN = 10;

/**
 * One user's rows of a recent-items table, newest first, through its [ownerUserId+time]
 * index. Live: an item viewed in another screen or tab shows up here at once.
 */
function useRecent<Row>(
  table: Table<Row>,
  index: string,
  userId: string | undefined,
): Row[] | undefined {
  return useLiveQuery<Row[] | undefined>(
    () =>
      userId === undefined
        ? undefined
        : table
            .where(index)
            .between(...ownerRange(userId))
            .reverse()
            .limit(SHOWN)
            .toArray(),
    [table, index, userId],
  );
}

export const useRecentMachines = (userId: string | undefined): RecentMachineRow[] | undefined =>
  useRecent(db.recentMachines, '[ownerUserId+viewedAt]', userId);

export const useRecentSearches = (userId: string): RecentSearchRow[] | undefined =>
  useRecent(db.recentSearches, '[ownerUserId+searchedAt]', userId);

export const useRecentCases = (userId: string): RecentCaseRow[] | undefined =>
  useLiveQuery(() => recentCasesOf(userId, SHOWN), [userId]);
