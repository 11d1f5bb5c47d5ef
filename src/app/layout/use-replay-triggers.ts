import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { db } from '../../db/db';

// The replay machinery loads beside the shell, not before it: the first screen renders from
// the device without waiting for code that only sends queued writes.
const triggers = () => import('../../sync/replay-triggers');

/**
 * The page's outbox triggers while someone is signed in: app start, `online`, the back-off
 * timer (replay-triggers.ts), and each time the gateway confirms the session (the stored
 * profile is re-stamped): entries that waited for sign-in go then.
 */
export function useReplayTriggers(): void {
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    triggers().then(
      (m) => {
        if (live) stop = m.startReplayTriggers();
      },
      () => undefined, // offline before the chunk was cached: the service worker still replays
    );
    return () => {
      live = false;
      stop?.();
    };
  }, []);

  const confirmedAt = useLiveQuery(async () => (await db.profile.get('me'))?.syncedAt ?? 0, []);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (confirmedAt === undefined) return;
    const first = seen.current === undefined;
    seen.current = confirmedAt;
    // The mount itself already replayed; later confirmations (renewal, refresh) replay again.
    if (!first)
      triggers().then(
        (m) => void m.requestReplay(),
        () => undefined,
      );
  }, [confirmedAt]);
}
