import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { db } from '../../db/db';
import { outboxOf } from '../../sync/outbox-status';

/** The ids of the user's writes stopped by an ended session, as one comparable key. */
async function stoppedBySignIn(): Promise<string> {
  const me = await db.profile.get('me');
  if (!me) return '';
  const ids: string[] = [];
  for (const row of await outboxOf(me.user.id)) {
    if (row.status === 'waiting-for-sign-in') ids.push(row.id);
  }
  return ids.sort().join(' ');
}

/**
 * A write that meets an ended session asks the user to sign in at once, from whatever screen
 * is open, whether the page or the service worker sent it. Each newly stopped write asks once,
 * by its id: the page and the service worker may both meet the ended session with the same
 * write, and after "Not now" the prompt comes back only with another write, or from Offline &
 * sync.
 */
export function useOutboxSignIn(): void {
  const stopped = useLiveQuery(stoppedBySignIn, []);
  const seen = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (stopped === undefined) return;
    const ids = stopped ? stopped.split(' ') : [];
    const before = seen.current;
    seen.current = new Set([...(before ?? []), ...ids]);
    // What already waited when the shell mounted is retried by the start's own replay, which
    // asks (through this hook) if the session is still gone.
    if (before === undefined || ids.every((id) => before.has(id))) return;
    import('../../sync/outbox-sign-in').then(
      (m) => void m.signInToSend(),
      () => undefined, // offline before the chunk was cached: nothing can be sent anyway
    );
  }, [stopped]);
}
