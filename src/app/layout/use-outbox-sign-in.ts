import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { db } from '../../db/db';
import { outboxOf } from '../../sync/outbox-status';

/** When the newest of the user's writes was stopped by an ended session (0: none waits). */
async function lastStoppedBySignIn(): Promise<number> {
  const me = await db.profile.get('me');
  if (!me) return 0;
  let latest = 0;
  for (const row of await outboxOf(me.user.id)) {
    if (row.status === 'waiting-for-sign-in' && row.updatedAt > latest) latest = row.updatedAt;
  }
  return latest;
}

/**
 * A write that meets an ended session asks the user to sign in at once, from whatever screen
 * is open, whether the page or the service worker sent it. Each newly stopped write asks once:
 * after "Not now" the prompt comes back with the next write, or from Offline & sync.
 */
export function useOutboxSignIn(): void {
  const latest = useLiveQuery(lastStoppedBySignIn, []);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (latest === undefined) return;
    const before = seen.current;
    seen.current = Math.max(before ?? 0, latest);
    // What already waited when the shell mounted is retried by the start's own replay, which
    // asks (through this hook) if the session is still gone.
    if (before === undefined || latest <= before) return;
    import('../../sync/outbox-sign-in').then(
      (m) => void m.signInToSend(),
      () => undefined, // offline before the chunk was cached: nothing can be sent anyway
    );
  }, [latest]);
}
