import { lazy, startTransition, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionStatus } from '../sync/session';
import { LoadingShell } from './loading-shell';

const loadShell = () => import('./layout/protected-shell');
const ProtectedShell = lazy(() => loadShell().then((m) => ({ default: m.ProtectedShell })));

/**
 * product §2 (the route guard works): no session, no protected screen. Signed out goes to
 * /login with the asked-for page in `returnTo`, where sign-in sends the user back. The check's
 * code (Dexie) is imported here, not in the entry, so /login never pays for it; the shell's
 * code and the asked-for screen's (`preload`) download while it runs.
 */
export function RequireSession({ preload }: { preload?: (pathname: string) => void }) {
  const location = useLocation();
  const [status, setStatus] = useState<SessionStatus | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    let live = true;
    void loadShell().catch(() => undefined);
    // A task of its own: matching the path against the whole route table takes several ms,
    // and this effect runs in the task that mounts the loading shell.
    const preloading = setTimeout(() => preload?.(location.pathname), 0);
    import('../sync/session')
      .then((m) => m.ensureSession())
      .then(
        // A transition: this loading shell stays until the shell's and the screen's code are
        // there. Urgent, the route's Suspense fallback (the same shell) would be committed in
        // between, and React holds back what replaces a fallback until 300 ms after it.
        (s) => live && startTransition(() => setStatus(s)),
        (error: unknown) => live && setFailure({ error }),
      );
    return () => {
      live = false;
      clearTimeout(preloading);
    };
    // Once, for the page the app opened on: later navigations find the session known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // To the route's error boundary, as a failed screen would.
  if (failure) throw failure.error;
  if (status === null) return <LoadingShell />;
  if (status !== 'signed-in') {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?returnTo=${returnTo}`} replace />;
  }
  return <ProtectedShell />;
}
