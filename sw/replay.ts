/// <reference lib="webworker" />
import { runReplay } from '../src/sync/replay-run';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's webworker lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** The tag the page registers (src/sync/replay-triggers.ts SYNC_TAG). */
const SYNC_TAG = 'outbox';

/**
 * Replays the outbox on Background Sync, under the same lock and state machine as the page.
 * A run that stopped for want of a connection rejects, so the browser schedules another
 * `sync` (Chrome waits minutes: the page's own triggers cover the short term).
 */
export function registerOutboxReplay(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== SYNC_TAG) return;
    sync.waitUntil(
      runReplay().then((result) => {
        if (result !== 'busy' && result.stoppedBy === 'network' && !sync.lastChance) {
          throw new Error('Outbox replay: no connection; the browser will try again');
        }
      }),
    );
  });
}
