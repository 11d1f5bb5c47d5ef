import { db, type TorqueDb } from '../db/db';
import { replayOutbox, type ReplaySummary, type Send } from './replayer';
import { sendWrite } from './replay-send';

/** The Web Lock every replayer (each tab, the service worker) takes before sending. */
export const OUTBOX_LOCK = 'torque-outbox';

/** 'busy': another tab or the service worker holds the lock and is replaying right now. */
export type RunResult = ReplaySummary | 'busy';

/**
 * Runs `fn` holding the outbox lock, or answers 'busy' at once when someone else holds it.
 * Without Web Locks (old browsers, jsdom) it just runs: the in-context queue below still
 * keeps one run at a time per page or worker.
 */
async function withOutboxLock(fn: () => Promise<ReplaySummary>): Promise<RunResult> {
  const locks: LockManager | undefined =
    typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return fn();
  return locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? fn() : ('busy' as const),
  );
}

let running: Promise<RunResult> | null = null;
let again = false;

/**
 * One replay in this context. A call while a run is going asks for one more pass after it
 * (an entry queued meanwhile is not left behind) and shares the result.
 */
export function runReplay(send: Send = sendWrite, database: TorqueDb = db): Promise<RunResult> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let result: RunResult;
    do {
      again = false;
      result = await withOutboxLock(() => replayOutbox(database, send));
    } while (again && result !== 'busy' && !result.stoppedBy);
    return result;
  })().finally(() => {
    running = null;
  });
  return running;
}
