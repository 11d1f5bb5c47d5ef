import './busy-notice.css';
import { useSyncExternalStore } from 'react';
import { subscribeWaiting, waitingCount } from '../../api/busy';

/**
 * Shown while a request the gateway asked to wait (429) is waiting to go again: not an error,
 * nothing for the user to do.
 */
export function BusyNotice() {
  const waiting = useSyncExternalStore(subscribeWaiting, waitingCount, () => 0);
  if (waiting === 0) return null;
  return (
    <span className="busy-notice" role="status">
      Busy, retrying…
    </span>
  );
}
