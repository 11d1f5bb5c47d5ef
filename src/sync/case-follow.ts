import { CHANGES_WAIT_MAX_SECONDS } from '../../contract/changes';
import { getChanges, type ChangesResponse } from '../api/changes';
import type { CaseListSource } from '../api/cases';
import { db, ownerRange, type TorqueDb } from '../db/db';
import { backoffDelay } from './backoff';
import { caseListKey, refreshCase, refreshCaseList } from './cases';
import { refreshNotifications } from './notifications';
import { readBack } from './outcome';
import { applyPredictionChanges, applyPredictionReset } from './prediction-follow';
import { refreshUnreadCases } from './unread-refresh';

/*
 * The device follows the gateway while the app is visible and online (docs/architecture.md
 * "Following the gateway"): it holds the change feed open with its own cursor (the gateway
 * answers as soon as something concerning the user changes) and reads again what the device
 * keeps of each changed case, the messages list when one of the user's messages changed, and
 * the user's kept predictions and offline claims when those changed; the screens, the Support
 * count, Messages, the badge and Home follow through their live queries. Hidden or offline it
 * asks nothing and gives up the ask it holds; shown or back online it asks at once.
 */

/**
 * How long the gateway holds an ask while nothing changes: a change answers it at once, so
 * what another user does shows within about a second. Under what proxies keep idle.
 */
export const FOLLOW_WAIT_SECONDS = CHANGES_WAIT_MAX_SECONDS;
/** Time between two asks while nothing fails: a floor, should an answer come back at once. */
export const FOLLOW_INTERVAL_MS = 1_000;
/** The syncState area of this cursor: "Prepare for the field" keeps its own. */
export const FOLLOW_AREA = 'changes|follow';

export interface FollowDeps {
  changesSince: (
    since: string | undefined,
    signal?: AbortSignal,
    wait?: number,
  ) => Promise<ChangesResponse>;
  database: TorqueDb;
}

const sourceOf = (key: string): CaseListSource =>
  key === 'dealer' ? { kind: 'dealer' } : { kind: 'org', orgId: key.slice(4) };

/**
 * Reads again what the device keeps of the changed cases: the lists that show them (those that
 * showed one, and those the answer says show one now; every kept list when a case is new to the
 * device and the answer does not say), each kept case with its feed, and the unread list.
 * Removed cases are dropped. True when every read came back.
 */
async function applyChanges(
  ownerUserId: string,
  { changed, removed, organisations, own }: ChangesResponse['cases'],
  signal: AbortSignal,
  database: TorqueDb,
): Promise<boolean> {
  if (removed.length > 0) {
    await database.transaction('rw', database.cases, database.caseFeeds, async () => {
      await database.cases.bulkDelete(removed.map((id) => [ownerUserId, id]));
      await database.caseFeeds.bulkDelete(removed.map((id) => [ownerUserId, id]));
    });
  }
  const lists = await database.caseLists
    .where('[ownerUserId+key]')
    .between(...ownerRange(ownerUserId))
    .toArray();
  const listed = new Set(lists.flatMap((l) => l.cases.map((c) => c.id)));
  const touched = new Set([...changed, ...removed]);
  // Staff keep many organisations' lists: the answer names those that show a changed case.
  const named = organisations
    ? new Set([
        ...organisations.map((orgId) => caseListKey({ kind: 'org', orgId })),
        ...(own ? [caseListKey({ kind: 'dealer' })] : []),
      ])
    : null;
  const unknown = changed.some((id) => !listed.has(id));
  const wantedLists = lists.filter(
    (l) => (named ? named.has(l.key) : unknown) || l.cases.some((c) => touched.has(c.id)),
  );
  const kept = (await database.cases.bulkGet(changed.map((id) => [ownerUserId, id])))
    .filter((c) => c !== undefined)
    .map((c) => c.id);
  const outcomes = await Promise.all([
    refreshUnreadCases(ownerUserId, signal, database),
    ...wantedLists.map((l) => refreshCaseList(ownerUserId, sourceOf(l.key), signal, database)),
    ...kept.map((id) => refreshCase(ownerUserId, id, signal, database, false)),
  ]);
  return outcomes.every(readBack);
}

/** One ask: the cursor's changes applied, then the new cursor kept. True when it all worked. */
export async function followOnce(
  ownerUserId: string,
  signal: AbortSignal,
  { changesSince, database }: FollowDeps,
): Promise<boolean> {
  const kept = await database.syncState.get([ownerUserId, FOLLOW_AREA]);
  // Held open once there is a cursor to wait from; the first ask only fetches one.
  const answer = await changesSince(
    kept?.cursor,
    signal,
    kept?.cursor ? FOLLOW_WAIT_SECONDS : undefined,
  );
  const reads: Promise<boolean>[] = [];
  if (answer.reset) {
    // The first ask lists nothing and reads nothing: the screens read their own data when
    // shown. A cursor the database no longer knows (started anew) reads the Support count and
    // the messages, and what the device keeps of the predictions.
    if (kept?.cursor) {
      reads.push(refreshUnreadCases(ownerUserId, signal, database).then(readBack));
      reads.push(refreshNotifications(ownerUserId, signal, database).then(readBack));
      reads.push(applyPredictionReset(ownerUserId, signal, database));
    }
  } else {
    if (answer.cases.changed.length + answer.cases.removed.length > 0)
      reads.push(applyChanges(ownerUserId, answer.cases, signal, database));
    // One list answer carries every message: read it once, whatever changed or went.
    const messages = answer.messages;
    if (messages && messages.changed.length + messages.removed.length > 0)
      reads.push(refreshNotifications(ownerUserId, signal, database).then(readBack));
    // The user's predictions and the claims kept for offline ranking (prediction-follow.ts).
    if (answer.predictions)
      reads.push(applyPredictionChanges(ownerUserId, answer.predictions, signal, database));
  }
  // Not all read: the cursor stays, and the next ask names the same records again.
  if (!(await Promise.all(reads)).every(Boolean)) return false;
  if (signal.aborted) return false;
  await database.syncState.put({
    ownerUserId,
    area: FOLLOW_AREA,
    syncedAt: Date.now(),
    cursor: answer.cursor,
  });
  return true;
}

const active = () => document.visibilityState !== 'hidden' && navigator.onLine !== false;

/**
 * Follows the change feed for `ownerUserId` until the returned stop is called: one ask at a
 * time, each held up to FOLLOW_WAIT_SECONDS and the next at least FOLLOW_INTERVAL_MS later,
 * while visible and online, backing off after failures, and at once when the page is shown or
 * back online.
 */
export function startFollowing(
  ownerUserId: string,
  deps: FollowDeps = { changesSince: getChanges, database: db },
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: AbortController | null = null;
  let again = false;
  let failures = 0;

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = stopped || !active() ? null : setTimeout(() => void run(), delay);
  };

  async function run() {
    timer = null;
    if (stopped || !active()) return;
    if (running) {
      again = true;
      return;
    }
    const controller = new AbortController();
    running = controller;
    let ok = false;
    try {
      ok = await followOnce(ownerUserId, controller.signal, deps);
    } catch {
      // Offline, signed out, the gateway down or an abort: the next ask tells.
    }
    running = null;
    const now = again;
    again = false;
    // Given up for being hidden or offline: a catch-up asked for meanwhile still runs.
    if (stopped || (controller.signal.aborted && !now)) return;
    failures = ok ? 0 : failures + 1;
    const wait = failures
      ? Math.max(FOLLOW_INTERVAL_MS, backoffDelay(failures))
      : FOLLOW_INTERVAL_MS;
    schedule(now ? 0 : wait);
  }

  const onChange = () => {
    if (active()) {
      failures = 0;
      schedule(0);
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running?.abort();
  };
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  schedule(0);
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    if (timer) clearTimeout(timer);
    running?.abort();
  };
}
