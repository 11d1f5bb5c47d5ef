import { Button, Group, Modal, Text } from '@mantine/core';

/** "Discard this change?": confirmed first; Undo is offered for a few seconds after. */
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
        {summary} will not be sent. It is removed from this device; you can undo this for a few
        seconds.
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
