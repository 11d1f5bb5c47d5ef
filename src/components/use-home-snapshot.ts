import { useEffect, useLayoutEffect } from 'react';
import { db } from '../db/db';
import { dropHomeSnapshot, saveHomeSnapshot } from '../sync/home-snapshot';
import { homeSnapshotPainted, PAINTED_ATTR, releaseHomeSnapshot } from './painted-snapshot';

/** Some time after Home last changed, so the recent lists have had their first read. */
const CAPTURE_DELAY_MS = 1500;

async function capture(userId: string): Promise<void> {
  const root = document.getElementById('root');
  const marker = await db.session.get('current');
  // Only the session's own user, and only while the app (not a painted copy) is on screen.
  if (!root || marker?.userId !== userId || homeSnapshotPainted()) return;
  saveHomeSnapshot({
    v: 1,
    userId,
    expiresAt: marker.expiresAt,
    html: root.innerHTML,
    // By path: Vite links a lazy chunk's stylesheet with an absolute URL, and the painter takes
    // only this origin's /assets/ paths.
    sheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .map((l) => new URL(l.href, location.href))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname),
    css: [...document.querySelectorAll('style[data-mantine-styles]')]
      .map((s) => s.textContent)
      .join('\n'),
  });
}

/**
 * Home, rendered for `userId`: hands over from a painted snapshot in the same frame as its
 * first list is `shown`, and keeps a fresh snapshot for the next start. Handing over earlier put
 * a loader where the snapshot had rows, and everything below moved when they came. A snapshot
 * painted for someone else is dropped at once.
 */
export function useHomeSnapshot(userId: string | undefined, shown: boolean): void {
  useLayoutEffect(() => {
    if (!userId || !homeSnapshotPainted()) return;
    const otherUser = document.documentElement.getAttribute(PAINTED_ATTR) !== userId;
    if (otherUser) dropHomeSnapshot();
    if (otherUser || shown) releaseHomeSnapshot();
  }, [userId, shown]);

  useEffect(() => {
    if (!userId) return;
    const timer = setTimeout(() => void capture(userId).catch(() => undefined), CAPTURE_DELAY_MS);
    return () => clearTimeout(timer);
  });
}
