import type { createBrowserRouter } from 'react-router';
import { homeSnapshotPainted, releaseHomeSnapshot } from '../components/painted-snapshot';

/** However the start ends, a painted snapshot never outlives this (the app shows itself). */
const LONGEST_MS = 20_000;

/**
 * Home itself takes over from a painted snapshot (use-home-snapshot). This covers the starts
 * that end elsewhere: the guard sends the user to /login, or the route fails.
 */
export function releaseSnapshotOffHome(router: ReturnType<typeof createBrowserRouter>): void {
  if (!homeSnapshotPainted()) return;
  const done = () => {
    releaseHomeSnapshot();
    stop();
    clearTimeout(timer);
  };
  const stop = router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    if (state.location.pathname !== '/home' || state.errors) done();
  });
  const timer = setTimeout(done, LONGEST_MS);
}
