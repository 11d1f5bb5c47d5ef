import { lazy, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionStatus } from '../sync/session';
import { LoadingShell } from './loading-shell';

const loadShell = () => import('./layout/protected-shell');
const ProtectedShell = lazy(() => loadShell().then((m) => ({ default: m.ProtectedShell })));

/**
 * product §2 (the route guard works): no session, no protected screen. Signed out goes to
 * /login with the asked-for page in `returnTo`, where sign-in sends the user back. The check's
 * code (Dexie) is imported here, not in the entry, so /login never pays for it; the shell's
 * code downloads while it runs.
 */
export function RequireSession() {
  const location = useLocation();
  const [status, setStatus] = useState<SessionStatus | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    let live = true;
    void loadShell().catch(() => undefined);
    import('../sync/session')
      .then((m) => m.ensureSession())
      .then(
        (s) => live && setStatus(s),
        (error: unknown) => live && setFailure({ error }),
      );
    return () => {
      live = false;
    };
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
