/**
 * `requestReplay()` for code the first screens load (the notification and case stores, the
 * queues): the replay machinery (every write kind, the state machine, the sender) is fetched
 * when something is queued, not with the screen. Never throws, like the one in replay.ts.
 */
export function requestReplay(): void {
  import('./replay-triggers').then(
    (m) => void m.requestReplay(),
    // Offline before the chunk was cached: the service worker's Background Sync still replays.
    () => undefined,
  );
}
