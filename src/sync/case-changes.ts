import { getChanges, type ChangesResponse } from '../api/changes';
import type { CaseListSource } from '../api/cases';
import { db, type TorqueDb } from '../db/db';
import { isClosedStatus } from '../domain/case-update';
import { caseListKey, refreshCase, refreshCaseList } from './cases';

/*
 * The open cases of "Prepare for the field", kept by the change feed (docs/architecture.md
 * "Read"): the first priming reads the whole list and every open case; after that the device
 * asks what changed since its cursor and reads only those cases again, and drops the ones it
 * may no longer see. Nothing changed costs one small answer.
 */

/** Open cases fetched at once: a dealer has dozens open, each a case, a feed and thumbnails. */
const CASE_CONCURRENCY = 3;

/** The syncState area holding the cursor of one case list's open cases. */
export function openCasesArea(source: CaseListSource): string {
  return `changes|cases|${caseListKey(source)}`;
}

async function storedOpenCases(
  ownerUserId: string,
  source: CaseListSource,
  database: TorqueDb,
): Promise<string[]> {
  const list = await database.caseLists.get([ownerUserId, caseListKey(source)]);
  return (list?.cases ?? []).filter((c) => !isClosedStatus(c.status)).map((c) => c.id);
}

/** Reads `ids` again, a few at once; returns how many were stored. */
async function refreshCases(
  ownerUserId: string,
  ids: readonly string[],
  signal: AbortSignal | undefined,
  database: TorqueDb,
): Promise<number> {
  let stored = 0;
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id && !signal?.aborted; id = queue.shift()) {
      if ((await refreshCase(ownerUserId, id, signal, database)).status === 'ok') stored++;
    }
  };
  await Promise.all(Array.from({ length: CASE_CONCURRENCY }, worker));
  return stored;
}

/**
 * "Prepare for the field" takes the dealer's open cases (product §4 Cases): the list, and each
 * open case with its feed and thumbnails. A dealer's user takes its own list; an internal user
 * takes the chosen dealer's. Returns how many open cases are on the device.
 */
export async function prepareOpenCases(
  ownerUserId: string,
  signal?: AbortSignal,
  source: CaseListSource = { kind: 'dealer' },
  database: TorqueDb = db,
  changesSince: (
    since: string | undefined,
    signal?: AbortSignal,
  ) => Promise<ChangesResponse> = getChanges,
): Promise<number> {
  const area = openCasesArea(source);
  const kept = await database.syncState.get([ownerUserId, area]);
  // Asked before anything is read: what changes while the lists are read is in the next answer.
  const answer = await changesSince(kept?.cursor, signal).catch(() => null);
  let complete: boolean;
  if (answer && !answer.reset && kept?.cursor) {
    const { changed, removed } = answer.cases;
    if (changed.length + removed.length > 0) {
      if ((await refreshCaseList(ownerUserId, source, signal, database)).status !== 'ok') return 0;
      const open = new Set(await storedOpenCases(ownerUserId, source, database));
      await database.transaction('rw', database.cases, database.caseFeeds, async () => {
        await database.cases.bulkDelete(removed.map((id) => [ownerUserId, id]));
        await database.caseFeeds.bulkDelete(removed.map((id) => [ownerUserId, id]));
      });
      const wanted = changed.filter((id) => open.has(id));
      complete = (await refreshCases(ownerUserId, wanted, signal, database)) === wanted.length;
    } else {
      complete = true;
    }
  } else {
    if ((await refreshCaseList(ownerUserId, source, signal, database)).status !== 'ok') return 0;
    const open = await storedOpenCases(ownerUserId, source, database);
    complete = (await refreshCases(ownerUserId, open, signal, database)) === open.length;
  }
  // A case that could not be read keeps the cursor where it was: the next priming asks again.
  if (answer && complete && !signal?.aborted) {
    await database.syncState.put({
      ownerUserId,
      area,
      syncedAt: Date.now(),
      cursor: answer.cursor,
    });
  }
  const open = await storedOpenCases(ownerUserId, source, database);
  const stored = await database.cases.bulkGet(open.map((id) => [ownerUserId, id]));
  return stored.filter(Boolean).length;
}
