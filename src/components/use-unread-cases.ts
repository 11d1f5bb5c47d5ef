import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { NO_UNREAD, unreadCount, type UnreadState } from '../domain/case-unread';
import { unreadStateOf } from '../sync/unread-state';
import { afterFirstScreen } from '../sync/first-screen';
import { refreshUnreadCases } from '../sync/unread-refresh';
import { useOnline } from './use-online';

/** The user's unread cases as this device knows them, live (see domain/case-unread.ts). */
export function useUnreadState(userId: string | undefined): UnreadState {
  return (
    useLiveQuery(async () => (userId ? unreadStateOf(userId) : NO_UNREAD), [userId]) ?? NO_UNREAD
  );
}

/** How many of the user's cases are unread (the Support tab's count). */
export function useUnreadCaseCount(userId: string | undefined): number {
  return unreadCount(useUnreadState(userId));
}

/**
 * Asks the gateway for the user's unread cases at start, once the first screen has painted
 * what the device keeps (its answer re-renders every case row on screen), and whenever the app
 * is back online.
 */
export function useUnreadRefresh(userId: string | undefined): void {
  const online = useOnline();
  useEffect(() => {
    if (!userId || !online) return;
    const controller = new AbortController();
    afterFirstScreen()
      .then(() => {
        if (!controller.signal.aborted) return refreshUnreadCases(userId, controller.signal);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId, online]);
}
