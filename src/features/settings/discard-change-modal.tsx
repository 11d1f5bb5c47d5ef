import { Button, Group, Modal, Text } from '@mantine/core';

/** "Discard this change?": discarding cannot be undone, so it is confirmed first. */
export function DiscardChangeModal({
  summary,
  opened,
  onCancel,
  onConfirm,
}: {
  summary: string;
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Discard this change?" centered>
      <Text mb="md">
        {summary} will not be sent. It is removed from this device and cannot be brought back.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm}>
          Discard change
        </Button>
      </Group>
    </Modal>
  );
}
