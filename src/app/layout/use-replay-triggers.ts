import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { db } from '../../db/db';
import { replayWanted } from '../../sync/replay-wanted';

// The replay machinery loads beside the shell, not before it, and only once there is
// something to replay: a start with an empty outbox (most starts) never downloads the code
// that sends queued writes and parses their answers.
const triggers = () => import('../../sync/replay-triggers');

/**
 * The page's outbox triggers while someone is signed in: app start, `online`, the back-off
 * timer (replay-triggers.ts), and each time the gateway confirms the session (the stored
 * profile is re-stamped): entries that waited for sign-in go then. They start when the
 * outbox first holds work (live: a write queued later starts them too) and then stay.
 */
export function useReplayTriggers(): void {
  const wanted = useLiveQuery(() => replayWanted(), []);
  const [on, setOn] = useState(false);
  if (wanted && !on) setOn(true);

  useEffect(() => {
    if (!on) return;
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
  }, [on]);

  const confirmedAt = useLiveQuery(async () => (await db.profile.get('me'))?.syncedAt ?? 0, []);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (confirmedAt === undefined || confirmedAt === seen.current) return;
    const first = seen.current === undefined;
    seen.current = confirmedAt;
    // The start itself already replayed (or had nothing to); later confirmations (renewal,
    // refresh) replay again when there is work.
    if (!first && on)
      triggers().then(
        (m) => void m.requestReplay(),
        () => undefined,
      );
  }, [confirmedAt, on]);
}
