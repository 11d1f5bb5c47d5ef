import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { db } from '../../db/db';
import { unreadCount } from '../../sync/notification-store';

/**
 * The app icon's badge (product §2 Push): the user's unread messages and the cases with
 * replies not seen yet (`unreadCases`), as the service worker sets it when a push arrives.
 */
export function useAppBadge(userId: string | undefined, unreadCases = 0): void {
  const messages = useLiveQuery(() => (userId ? unreadCount(db, userId) : 0), [userId]);
  useEffect(() => {
    if (messages === undefined) return;
    const unread = messages + unreadCases;
    const nav = navigator as Navigator & {
      setAppBadge?: (n?: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    // Where the browser supports it; elsewhere nothing to do.
    const done = unread > 0 ? nav.setAppBadge?.(unread) : nav.clearAppBadge?.();
    done?.catch(() => undefined);
  }, [messages, unreadCases]);
}
