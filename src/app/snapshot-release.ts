import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { homeSnapshotPainted, releaseHomeSnapshot } from '../components/painted-snapshot';

/** However the start ends, a painted snapshot never outlives this (the app shows itself). */
const LONGEST_MS = 20_000;

/** The last resort: a start that neither reaches Home nor leaves it still shows the app. */
export function releaseSnapshotLater(): void {
  if (homeSnapshotPainted()) setTimeout(releaseHomeSnapshot, LONGEST_MS);
}

/**
 * Home itself takes over from a painted snapshot (use-home-snapshot). This covers the starts
 * that end elsewhere: the guard sends the user to /login (a failed route shows RouteError,
 * which releases it too).
 */
export function useSnapshotReleaseOffHome(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== '/home' && homeSnapshotPainted()) releaseHomeSnapshot();
  }, [pathname]);
}
