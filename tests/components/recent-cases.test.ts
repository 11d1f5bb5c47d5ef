import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/db/db';
import { recentCasesOf } from '../../src/db/recent-cases';
import { caseDetail, listRow } from './case-fixtures';
import { resetDb } from './render';

/*
 * The cases a user opened last on this device: one query behind Recent Cases on Home, the
 * panel beside the case screens and the choices for a shared file.
 */

const opened = (ownerUserId: string, id: string, viewedAt: number) => ({
  ownerUserId,
  id,
  subject: `Case ${id}`,
  referenceNumber: `0000${id}`,
  status: 'Created',
  viewedAt,
});

beforeEach(resetDb);
afterEach(resetDb);

describe('recentCasesOf', () => {
  it("gives this user's cases only, the one opened last first, at most the limit", async () => {
    await db.recentCases.bulkPut([
      opened('u-dana', '1', 1_000),
      opened('u-dana', '2', 3_000),
      opened('u-other', '9', 5_000),
      opened('u-dana', '3', 2_000),
      opened('u-dana', '4', 4_000),
    ]);
    expect((await recentCasesOf('u-dana', 10)).map((r) => r.id)).toEqual(['4', '2', '3', '1']);
    expect((await recentCasesOf('u-dana', 2)).map((r) => r.id)).toEqual(['4', '2']);
    expect(await recentCasesOf('u-nobody', 10)).toEqual([]);
  });

  it('reads the status the device keeps of the case now, not the copy taken when opened', async () => {
    await db.recentCases.bulkPut([opened('u-dana', '1', 1_000), opened('u-dana', '2', 2_000)]);
    // Case 1 fetched again since (resolved elsewhere): its record says so.
    await db.cases.put({
      ownerUserId: 'u-dana',
      id: '1',
      detail: caseDetail({ id: '1', status: 'Resolved' }),
      syncedAt: 5_000,
    });
    const statuses = async () =>
      Object.fromEntries((await recentCasesOf('u-dana', 10)).map((r) => [r.id, r.status]));
    expect(await statuses()).toEqual({ '1': 'Resolved', '2': 'Created' });
    // The dealer's list fetched later still: its statuses are the newer ones.
    await db.caseLists.put({
      ownerUserId: 'u-dana',
      key: 'dealer',
      cases: [
        listRow(1, { id: '1', status: 'Updated' }),
        listRow(2, { id: '2', status: 'Resolved' }),
      ],
      total: 2,
      complete: true,
      syncedAt: 6_000,
    });
    expect(await statuses()).toEqual({ '1': 'Updated', '2': 'Resolved' });
    // A case fetched after the list: the case wins again.
    await db.cases.put({
      ownerUserId: 'u-dana',
      id: '1',
      detail: caseDetail({ id: '1', status: 'Closed' }),
      syncedAt: 7_000,
    });
    expect((await statuses())['1']).toBe('Closed');
  });
});
