import { db } from '../db/db';
import { backoffDelay } from './backoff';
import { signedInUserId } from './current-user';
import { holdForConnection, makeDueNow } from './outbox';
import { finishLeftRemovals } from './pending-removals';
import { NETWORK_MESSAGE, nextAttemptAt } from './replayer';
import { runReplay, type RunResult } from './replay-run';

/*
 * The page's replay triggers (product §4 "Offline-first"): Background Sync is asked for
 * whenever there is something to send, and the page replays by itself too on start, on
 * `online`, on "Sync now" and on a back-off timer, because Background Sync is missing in
 * some browsers and Chrome retries a failed sync only after minutes (measured: about 300 s).
 */

/** Background Sync tag the service worker replays on (sw/replay.ts). */
export const SYNC_TAG = 'outbox';
/** Another replayer holds the lock: look again shortly (it may finish before our entry). */
const BUSY_RETRY_MS = 3_000;

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the service worker for a `sync` event; quietly nothing where unsupported. */
export async function registerBackgroundSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    const reg = (await navigator.serviceWorker.ready) as SyncRegistration;
    await reg.sync?.register(SYNC_TAG);
  } catch {
    // Background Sync refused (permissions, private mode): the page triggers remain.
  }
}

let timer: ReturnType<typeof setTimeout> | null = null;
let started = 0;
/**
 * Runs in a row that found no server. Each entry backs off by itself, but new and edited
 * entries start due, so without this the page as a whole would try every few seconds.
 */
let unreachable = 0;

async function scheduleTimer(result: RunResult): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (result !== 'busy') unreachable = result.stoppedBy === 'network' ? unreachable + 1 : 0;
  if (!started) return;
  let delay: number | null;
  if (result === 'busy') delay = BUSY_RETRY_MS;
  else {
    const at = await nextAttemptAt(db);
    delay = at === null ? null : Math.max(0, at - Date.now());
    if (delay !== null && unreachable > 0) delay = Math.max(delay, backoffDelay(unreachable));
  }
  if (delay !== null) timer = setTimeout(onTimer, Math.max(delay, 1_000));
}

function onTimer() {
  timer = null;
  // Known offline: the `online` event replays; trying now would only count failed attempts.
  if (navigator.onLine === false) return;
  void replayNow();
}

/**
 * Replays in this page now and re-arms the back-off timer. Never throws. Known offline it
 * sends nothing (null) and marks what is new as held up: every request would fail, each with
 * an error in the console; the `online` event and Background Sync send what waits.
 */
export async function replayNow(): Promise<RunResult | null> {
  try {
    if (navigator.onLine === false) {
      const userId = await signedInUserId(db).catch(() => null);
      if (userId) await holdForConnection(userId, NETWORK_MESSAGE).catch(() => undefined);
      return null;
    }
    const result = await runReplay();
    await scheduleTimer(result);
    return result;
  } catch {
    return null;
  }
}

/**
 * For features after `enqueue()` (e.g. the DCU commit) and for "Sync now": replay in the page
 * at once and ask the service worker to replay too (it survives the tab closing).
 */
export function requestReplay(): Promise<RunResult | null> {
  void registerBackgroundSync();
  return replayNow();
}

/** "Sync now": what waits in back-off is tried at once too, then a replay as above. */
export async function syncNow(): Promise<RunResult | null> {
  const userId = await signedInUserId(db).catch(() => null);
  if (userId) await makeDueNow(userId).catch(() => undefined);
  return requestReplay();
}

/** Set once this page has carried out the deletions an earlier page left to undo. */
let leftRemovals: Promise<void> | null = null;

/** Starts the page triggers (the protected shell's mount); returns the stop function. */
export function startReplayTriggers(): () => void {
  started++;
  // Only at the page's start: later deletions are still in their undo time, timed by this page.
  leftRemovals ??= finishLeftRemovals().then(
    (queued) => {
      if (queued) void requestReplay();
    },
    () => undefined,
  );
  // Back online or a fresh start: what failed for want of a connection is tried at once,
  // not at the end of a back-off that grew while the device was offline.
  const onOnline = () => {
    unreachable = 0;
    void syncNow();
  };
  window.addEventListener('online', onOnline);
  // A discard the user can no longer undo is never sent: removed before the first replay.
  void leftRemovals.then(syncNow);
  return () => {
    window.removeEventListener('online', onOnline);
    started--;
    if (!started && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
}
