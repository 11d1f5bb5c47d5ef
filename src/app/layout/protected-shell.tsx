import './shell.css';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CaseSentNotices } from '../../components/case-sent-notices';
import { useToastHostWanted } from '../../components/toast';
import { servedProductName } from '../../components/product-name';
import { useRemoteConfig } from '../../components/use-remote-config';
import { PushMessages } from '../../features/notifications/push-messages';
import { refreshConfig } from '../../sync/refresh';
import {
  installSessionRenewal,
  knownSessionStatus,
  onSessionStatus,
  signOut,
  type SessionStatus,
} from '../../sync/session';
import { SessionTimer } from '../session-timer';
import { SignInNeeded } from '../sign-in-needed';
import { SwUpdatePrompt } from '../sw-update-prompt';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';
import { useOutboxSignIn } from './use-outbox-sign-in';
import { useReplayTriggers } from './use-replay-triggers';

const ToastHost = lazy(() => import('./toast-host'));

// Any gateway call under the protected routes may meet a 401: renew rather than fail.
installSessionRenewal();

/** Everything signed-in screens share: bars, toasts, the session timer, the sign-in prompt. */
export function ProtectedShell() {
  const config = useRemoteConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const productName = config?.productName ?? servedProductName();
  const toasts = useToastHostWanted();
  // The outbox is replayed from the page too (start, online, back-off), not only by the SW.
  useReplayTriggers();
  useOutboxSignIn();

  useEffect(() => {
    void refreshConfig();
  }, []);

  // The session ended behind the app's back (the background check at start answered 401).
  // The check behind an offline-first start may have answered before this shell mounted.
  useEffect(() => {
    const toLogin = (status: SessionStatus | null) => {
      if (status !== 'signed-out') return;
      const returnTo = location.pathname + location.search;
      void navigate(`/login?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
    };
    toLogin(knownSessionStatus());
    return onSessionStatus(toLogin);
  }, [navigate, location.pathname, location.search]);

  const logout = useCallback(() => {
    void signOut().then(() => navigate('/logout', { replace: true }));
  }, [navigate]);

  return (
    <>
      <TopBar productName={productName} callTscNumber={config?.callTscNumber ?? null} />
      <main className="shell-main">
        <Outlet />
      </main>
      <BottomNav />
      {toasts && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
      <PushMessages />
      <CaseSentNotices />
      <SwUpdatePrompt />
      <SignInNeeded />
      <SessionTimer productName={productName} onExpire={logout} />
    </>
  );
}
