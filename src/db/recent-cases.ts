import { db, ownerRange, type TorqueDb } from './db';
import type { RecentCaseRow } from './schema';

/** The signed-in dealer's own case list (sync/cases.ts caseListKey). */
const DEALER_LIST = 'dealer';

/**
 * The cases this user opened last on this device, newest first, at most `limit` (Recent
 * Cases on Home and beside the case screens, and the first choices for a shared file). Each
 * reads its status from what the device keeps of the case now: the case as last fetched, or
 * the dealer's list when that was fetched after it. The copy taken when the case was opened
 * goes stale once the case moves on elsewhere (resolved by someone else).
 */
export async function recentCasesOf(
  userId: string,
  limit: number,
  database: TorqueDb = db,
): Promise<RecentCaseRow[]> {
  const recent = await database.recentCases
    .where('[ownerUserId+viewedAt]')
    .between(...ownerRange(userId))
    .reverse()
    .limit(limit)
    .toArray();
  if (recent.length === 0) return recent;
  const [kept, list] = await Promise.all([
    database.cases.bulkGet(recent.map((r) => [userId, r.id])),
    database.caseLists.get([userId, DEALER_LIST]),
  ]);
  const listed = new Map(list?.cases.map((c) => [c.id, c.status]));
  return recent.map((r, i) => {
    const record = kept[i];
    const fromList = listed.get(r.id);
    const status =
      fromList !== undefined && list!.syncedAt > (record?.syncedAt ?? r.viewedAt)
        ? fromList
        : (record?.detail.status ?? r.status);
    return status === r.status ? r : { ...r, status };
  });
}
