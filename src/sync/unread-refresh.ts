import { getUnreadCases } from '../api/unread-cases';
import { db, type TorqueDb } from '../db/db';
import { outcomeOf, type RefreshOutcome } from './outcome';

/** Fetches the user's unread cases and keeps them; offline the kept ones stay. */
export async function refreshUnreadCases(
  ownerUserId: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<RefreshOutcome> {
  try {
    const { count, cases } = await getUnreadCases(signal);
    await database.unreadCases.put({ ownerUserId, count, cases, syncedAt: Date.now() });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}
