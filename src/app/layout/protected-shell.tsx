import './shell.css';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CaseSentNotices } from '../../components/case-sent-notices';
import { useToastHostWanted } from '../../components/toast';
import { servedProductName } from '../../components/product-name';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { useUnreadCaseCount, useUnreadRefresh } from '../../components/use-unread-cases';
import { refreshConfigAfterFirstScreen } from '../../sync/refresh';
import { onWorkerMessageArrival } from '../../sync/worker-messages';
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
import { useAppBadge } from './use-app-badge';
import { useCaseFollow } from './use-case-follow';
import { useOutboxSignIn } from './use-outbox-sign-in';
import { useReplayTriggers } from './use-replay-triggers';

const ToastHost = lazy(() => import('./toast-host'));
// Loaded when the service worker's first message arrives (a push, a notification's click).
const PushMessages = lazy(() =>
  import('../../features/notifications/push-messages').then((m) => ({ default: m.PushMessages })),
);

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
  const user = useProfile();
  // Unread replies: asked for at start and back online; a case push asks again.
  useUnreadRefresh(user?.id);
  // Online and visible, what others change shows within seconds, push or not.
  useCaseFollow(user?.id);
  const unreadCases = useUnreadCaseCount(user?.id);
  useAppBadge(user?.id, unreadCases);
  const [pushes, setPushes] = useState(false);
  useEffect(() => onWorkerMessageArrival(() => setPushes(true)), []);

  useEffect(() => {
    void refreshConfigAfterFirstScreen();
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
      <BottomNav unreadCases={unreadCases} />
      {toasts && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
      {pushes && (
        <Suspense fallback={null}>
          <PushMessages />
        </Suspense>
      )}
      <CaseSentNotices />
      <SwUpdatePrompt />
      <SignInNeeded />
      <SessionTimer productName={productName} onExpire={logout} />
    </>
  );
}
