import { Button, Group, Modal, Text } from '@mantine/core';
import { CHANGE, countOf } from '../../domain/plural';

/**
 * product §2 Settings: logging out with unsent work says how much and offers to send it first;
 * offline there is nothing to send it over, so it says when it goes instead of offering Sync now.
 */
export function UnsentChangesModal({
  count,
  online,
  opened,
  syncing,
  onSyncNow,
  onLogOut,
  onClose,
}: {
  count: number;
  online: boolean;
  opened: boolean;
  syncing: boolean;
  onSyncNow: () => void;
  onLogOut: () => void;
  onClose: () => void;
}) {
  const they = count === 1 ? 'It stays' : 'They stay';
  const are = count === 1 ? 'is' : 'are';
  return (
    <Modal opened={opened} onClose={onClose} title="Unsent changes" centered>
      <Text mb="md">
        You have {countOf(count, CHANGE)} waiting to be sent.{' '}
        {online
          ? `${they} on this device and ${are} sent when you sign in again.`
          : `You are offline: ${they.toLowerCase()} on this device and ${are} sent when you are back online and signed in again.`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={syncing}>
          Cancel
        </Button>
        {online && (
          <Button variant="default" onClick={onSyncNow} loading={syncing}>
            Sync now
          </Button>
        )}
        <Button color="red" onClick={onLogOut} disabled={syncing}>
          Log out anyway
        </Button>
      </Group>
    </Modal>
  );
}
