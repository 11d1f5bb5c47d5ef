import { Alert, Button, Group, Paper, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  currentSubscription,
  disablePush,
  enablePush,
  pushPermission,
  pushSupported,
} from '../sync/push-subscription';

const DISMISSED_KEY = 'torque.pushPromptDismissed';

function usePushState() {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    if (!pushSupported()) {
      setOn(false);
      return;
    }
    currentSubscription().then(
      (s) => alive && setOn(s !== null && pushPermission() === 'granted'),
      () => alive && setOn(false),
    );
    return () => {
      alive = false;
    };
  }, []);
  const change = async (wanted: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (wanted) {
        const ok = await enablePush();
        setOn(ok);
        if (!ok && pushPermission() === 'denied') {
          setProblem('Notifications are blocked for this site in the browser settings.');
        }
      } else {
        await disablePush();
        setOn(false);
      }
    } catch (e) {
      setProblem(
        e instanceof Error ? e.message : 'Push notifications could not be turned on here.',
      );
    } finally {
      setBusy(false);
    }
  };
  return { on, busy, problem, change };
}

/** Settings: push notifications for this device, on or off (product §2 Push). */
export function PushSwitch() {
  const { on, busy, problem, change } = usePushState();
  if (!pushSupported()) {
    return (
      <Text size="sm" c="dimmed">
        This browser cannot receive push notifications.
      </Text>
    );
  }
  return (
    <>
      <Switch
        label="Push notifications on this device"
        checked={on ?? false}
        disabled={on === null || busy}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
      {problem && (
        <Text c="red" size="sm">
          {problem}
        </Text>
      )}
    </>
  );
}

/**
 * The clear prompt before the browser's own: shown once the user is signed in and only
 * while permission was never asked; Not now hides it for good on this device.
 */
export function PushPrompt() {
  const { on, busy, problem, change } = usePushState();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  if (!pushSupported() || dismissed || on !== false || pushPermission() !== 'default') {
    return null;
  }
  return (
    <Paper withBorder p="sm">
      <Text fw={700}>Get notified of new messages?</Text>
      <Text size="sm">
        The support centre sends bulletins and machine notices. Turn on notifications to get them on
        this device, even when the app is closed.
      </Text>
      {problem && (
        <Alert color="yellow" mt="xs">
          {problem}
        </Alert>
      )}
      <Group mt="xs">
        <Button size="xs" loading={busy} onClick={() => void change(true)}>
          Turn on
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            localStorage.setItem(DISMISSED_KEY, '1');
            setDismissed(true);
          }}
        >
          Not now
        </Button>
      </Group>
    </Paper>
  );
}
