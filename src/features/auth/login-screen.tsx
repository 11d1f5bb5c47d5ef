import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { NetworkError } from '../../api/errors';
import { hasAuthResponse } from '../../api/auth-response';
import { settlePendingLogout } from '../../api/logout-pending';
import { getMe } from '../../api/me';
import { maySessionBeAlive } from '../../api/session-hint';
import { safeReturnTo } from '../../domain/return-to';
import { AuthPage } from './auth-page';
import { useProductName } from './use-product-name';

type Phase = 'ready' | 'leaving' | 'finishing' | 'failed';

function describe(error: unknown): string {
  if (error instanceof NetworkError) {
    return 'Signing in needs a connection to the server. Check your connection and try again.';
  }
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return `Sign-in did not complete${detail}. Please try again.`;
}

/**
 * /login (and every unknown path). "Sign in" leaves for the identity provider through msal;
 * the provider sends the user back here, where the ID token becomes the gateway's session and
 * the user goes on to the page first asked for.
 */
export function LoginScreen() {
  const productName = useProductName();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const returning = hasAuthResponse(location);
  const [phase, setPhase] = useState<Phase>(returning ? 'finishing' : 'ready');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per page load (StrictMode runs effects twice; the redirect answer is single-use).
    if (started.current) return;
    started.current = true;
    let live = true;
    if (returning) {
      (async () => {
        const { finishSignInRedirect } = await import('../../api/identity');
        const answer = await finishSignInRedirect();
        if (!answer) return setPhase('ready');
        // Dexie and the session code load only now, not for a visitor who has not signed in.
        const { completeSignIn } = await import('../../sync/session');
        await completeSignIn(answer.idToken);
        await navigate(safeReturnTo(answer.state), { replace: true });
      })().catch((e: unknown) => {
        setError(describe(e));
        setPhase('failed');
      });
    } else {
      // Already signed in (an unknown path, or /login typed by hand): go on.
      // Not while a Log Out made offline is still owed: that cookie is the previous user's.
      // Only asked while a session stored here may run: a visitor's answer is a 401.
      settlePendingLogout()
        .then((settled) =>
          settled && maySessionBeAlive() ? getMe({ renewOn401: false }) : Promise.reject(),
        )
        .then(
          () => live && void navigate(returnTo, { replace: true }),
          () => undefined,
        );
    }
    return () => {
      live = false;
    };
  }, [returning, returnTo, navigate]);

  const signIn = () => {
    setError(null);
    setPhase('leaving');
    import('../../api/identity')
      .then(({ startSignInRedirect }) => startSignInRedirect(returnTo))
      .catch((e: unknown) => {
        setError(describe(e));
        setPhase('failed');
      });
  };

  return (
    <AuthPage productName={productName}>
      <Stack gap="lg" align="stretch">
        <Title order={1} ta="center">
          {productName}
        </Title>
        {phase === 'finishing' ? (
          <Stack align="center" gap="xs">
            <Loader />
            <Text>Signing you in…</Text>
          </Stack>
        ) : (
          <>
            <Text ta="center">Sign in with your company account to continue.</Text>
            {error && (
              <Text c="red.8" role="alert" ta="center">
                {error}
              </Text>
            )}
            <Button size="lg" onClick={signIn} loading={phase === 'leaving'}>
              Sign in
            </Button>
          </>
        )}
      </Stack>
    </AuthPage>
  );
}
