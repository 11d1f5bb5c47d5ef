import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OutboxRow } from '../../db/schema';

export const COMMIT_SAVED_TITLE = 'Saved on this device';
export const COMMIT_SAVED_MESSAGE =
  'The pairing is saved on this device and will be sent when the connection returns.';
export const COMMIT_WAITING_SIGN_IN_MESSAGE =
  'The pairing is saved on this device and will be sent once you sign in again.';
export const COMMIT_DISCARDED_MESSAGE = 'This pairing was discarded on Offline & sync.';

interface Props {
  /** The commit's outbox entry as the live query sees it; null once it is gone (discarded). */
  entry: OutboxRow | null;
  onBack(): void;
  onReset(): void;
}

function FollowOnOfflinePage() {
  return (
    <Text size="sm">
      You can follow it on{' '}
      <Anchor component={Link} to="/settings/offline">
        Offline &amp; sync
      </Anchor>
      .
    </Text>
  );
}

/**
 * product §4: after the commit, a success alert with BACK, or a warning alert with RESET (back to
 * step 1) carrying the server's message. In between, the entry waits in the outbox: the alert
 * says so instead of a spinner, since it may wait for hours in the field.
 */
export function CommitAlerts({ entry, onBack, onReset }: Props) {
  if (entry === null) {
    return (
      <Alert color="gray" title="Discarded" data-testid="dcu-commit-status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{COMMIT_DISCARDED_MESSAGE}</Text>
          <Button variant="outline" onClick={onReset}>
            RESET
          </Button>
        </Stack>
      </Alert>
    );
  }
  const pairing = entry.payload as {
    imeiNumber?: string;
    modelNumber?: string;
    serialNumber?: string;
  };
  switch (entry.status) {
    case 'done':
      return (
        <Alert color="green" title="Success" role="status" data-testid="dcu-commit-status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              DCU {pairing.imeiNumber} is paired with {pairing.modelNumber} {pairing.serialNumber}.
            </Text>
            <Button color="green" onClick={onBack}>
              BACK
            </Button>
          </Stack>
        </Alert>
      );
    case 'needs-attention':
      return (
        <Alert color="yellow" title="Warning" role="alert" data-testid="dcu-commit-status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" data-testid="dcu-commit-error">
              {entry.lastError?.message ?? 'The server refused this pairing.'}
            </Text>
            <Button color="yellow" onClick={onReset}>
              RESET
            </Button>
          </Stack>
        </Alert>
      );
    case 'waiting-for-sign-in':
      return (
        <Alert
          color="blue"
          title={COMMIT_SAVED_TITLE}
          role="status"
          data-testid="dcu-commit-status"
        >
          <Text size="sm">{COMMIT_WAITING_SIGN_IN_MESSAGE}</Text>
          <FollowOnOfflinePage />
        </Alert>
      );
    default:
      // pending, sending, retry: queued, the replayer is on it.
      return (
        <Alert
          color="blue"
          title={COMMIT_SAVED_TITLE}
          role="status"
          data-testid="dcu-commit-status"
        >
          <Text size="sm">{COMMIT_SAVED_MESSAGE}</Text>
          <FollowOnOfflinePage />
        </Alert>
      );
  }
}
