import { db, ownerRange, type TorqueDb } from '../db/db';
import { NO_UNREAD, unreadCount, type UnreadFlag, type UnreadState } from '../domain/case-unread';

/** What this device knows of the user's unread cases: the gateway's list and the openings. */
export async function unreadStateOf(
  ownerUserId: string,
  database: TorqueDb = db,
): Promise<UnreadState> {
  const [kept, reads] = await Promise.all([
    database.unreadCases.get(ownerUserId),
    database.caseReads
      .where('[ownerUserId+caseId]')
      .between(...ownerRange(ownerUserId))
      .toArray(),
  ]);
  if (!kept && reads.length === 0) return NO_UNREAD;
  const flagged = new Map<string, UnreadFlag>(
    (kept?.cases ?? []).map((c) => [
      c.id,
      { at: kept!.syncedAt, latest: Date.parse(c.latestReplyAt) },
    ]),
  );
  return {
    flagged,
    count: kept?.count ?? 0,
    reads: new Map(reads.map((r) => [r.caseId, r.readAt])),
  };
}

/** The number on the Support tab and, with unread messages, in the app badge. */
export async function unreadCaseCount(ownerUserId: string, database: TorqueDb = db) {
  return unreadCount(await unreadStateOf(ownerUserId, database));
}
