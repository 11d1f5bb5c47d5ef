import { useEffect } from 'react';
import { afterFirstScreen } from '../../sync/first-screen';

/**
 * While someone is signed in, the page follows the gateway's change feed (sync/case-follow.ts),
 * so what another user changes shows without push and without a reload. It starts once the
 * first screen has painted what the device keeps, and its code loads then, beside the shell.
 */
export function useCaseFollow(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    let live = true;
    let stop: (() => void) | undefined;
    afterFirstScreen()
      .then(() => import('../../sync/case-follow'))
      .then(
        (m) => {
          if (live) stop = m.startFollowing(userId);
        },
        () => undefined, // offline before the chunk was cached: nothing to follow then
      );
    return () => {
      live = false;
      stop?.();
    };
  }, [userId]);
}
