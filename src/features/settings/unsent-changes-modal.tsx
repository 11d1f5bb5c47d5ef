import { Button, Group, Modal, Text } from '@mantine/core';

/** product §2 Settings: logging out with unsent work says how much and offers to send it first. */
export function UnsentChangesModal({
  count,
  opened,
  syncing,
  onSyncNow,
  onLogOut,
  onClose,
}: {
  count: number;
  opened: boolean;
  syncing: boolean;
  onSyncNow: () => void;
  onLogOut: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Unsent changes" centered>
      <Text mb="md">
        You have {count} change(s) waiting to be sent. They stay on this device and are sent when
        you sign in again.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onSyncNow} loading={syncing}>
          Sync now
        </Button>
        <Button color="red" onClick={onLogOut} disabled={syncing}>
          Log out anyway
        </Button>
      </Group>
    </Modal>
  );
}
