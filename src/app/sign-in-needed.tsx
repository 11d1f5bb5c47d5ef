import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { signInPrompt } from '../api/sign-in-prompt';

// Loaded only when a 401 could not be renewed silently.
const SignInNeededModal = lazy(() => import('./sign-in-needed-modal'));

/** Shows the "sign in again" modal while the api layer waits for it. */
export function SignInNeeded() {
  const open = useSyncExternalStore(signInPrompt.subscribe, signInPrompt.isOpen);
  // Leaving the signed-in screens (to /login, /logout) answers an open prompt with "Not now":
  // left pending, it would hold every later renewal waiting on a dialog no one can see.
  useEffect(() => () => signInPrompt.dismiss(), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignInNeededModal />
    </Suspense>
  );
}
