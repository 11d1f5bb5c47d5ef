import { lazy, Suspense, useSyncExternalStore } from 'react';
import { signInPrompt } from '../api/sign-in-prompt';

// Loaded only when a 401 could not be renewed silently.
const SignInNeededModal = lazy(() => import('./sign-in-needed-modal'));

/** Shows the "sign in again" modal while the api layer waits for it. */
export function SignInNeeded() {
  const open = useSyncExternalStore(signInPrompt.subscribe, signInPrompt.isOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignInNeededModal />
    </Suspense>
  );
}
