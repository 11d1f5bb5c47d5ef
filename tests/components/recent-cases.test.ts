import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/db/db';
import { recentCasesOf } from '../../src/db/recent-cases';
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
});
