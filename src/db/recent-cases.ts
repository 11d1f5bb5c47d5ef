import { db, ownerRange, type TorqueDb } from './db';
import type { RecentCaseRow } from './schema';

/**
 * The cases this user opened last on this device, newest first, at most `limit` (Recent
 * Cases on Home and beside the case screens, and the first choices for a shared file).
 */
export function recentCasesOf(
  userId: string,
  limit: number,
  database: TorqueDb = db,
): Promise<RecentCaseRow[]> {
  return database.recentCases
    .where('[ownerUserId+viewedAt]')
    .between(...ownerRange(userId))
    .reverse()
    .limit(limit)
    .toArray();
}
