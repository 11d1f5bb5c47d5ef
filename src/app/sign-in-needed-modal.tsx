import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { signInWithPopup } from '../api/identity';
import { signInPrompt } from '../api/sign-in-prompt';

/**
 * product §4 Sign-in (a 401 is handled): when the silent renewal fails the request waits while this
 * modal offers sign-in in a popup. The screen underneath stays as it was, typed text included.
 */
export default function SignInNeeded() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      signInPrompt.resolve(await signInWithPopup());
    } catch (e) {
      setError(
        e instanceof Error && /popup/i.test(e.message)
          ? 'The sign-in window was blocked or closed. Allow pop-ups for this site and try again.'
          : 'Sign-in did not complete. Check your connection and try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => signInPrompt.dismiss()}
      title="Sign in again"
      centered
      closeOnClickOutside={false}
    >
      <Text mb="sm">
        Your session has ended. Sign in again to carry on; this screen and what you typed stay as
        they are.
      </Text>
      {error && (
        <Text c="red" size="sm" mb="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => signInPrompt.dismiss()} disabled={busy}>
          Not now
        </Button>
        <Button onClick={() => void signIn()} loading={busy}>
          Sign in
        </Button>
      </Group>
    </Modal>
  );
}
