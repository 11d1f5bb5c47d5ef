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
    sheets: [...document.querySelectorAll('link[rel="stylesheet"]')]
      .map((l) => l.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/assets/')),
    css: [...document.querySelectorAll('style[data-mantine-styles]')]
      .map((s) => s.textContent)
      .join('\n'),
  });
}

/**
 * Home, rendered for `userId`: hands over from a painted snapshot in the same frame, and keeps
 * a fresh snapshot for the next start. A snapshot painted for someone else is dropped.
 */
export function useHomeSnapshot(userId: string | undefined): void {
  useLayoutEffect(() => {
    if (!userId || !homeSnapshotPainted()) return;
    if (document.documentElement.getAttribute(PAINTED_ATTR) !== userId) dropHomeSnapshot();
    releaseHomeSnapshot();
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    const timer = setTimeout(() => void capture(userId).catch(() => undefined), CAPTURE_DELAY_MS);
    return () => clearTimeout(timer);
  });
}
