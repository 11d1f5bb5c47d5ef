import { Button, Group, Modal, Text } from '@mantine/core';
import type { RecordKind } from '../../../contract/cases';
import { closeAction, closeQuestion } from '../../domain/case-update';

/** "Close case 00011420?": Save Changes with the close ticked asks this before it queues. */
export function CloseConfirmModal({
  kind,
  caseNumber,
  opened,
  onCancel,
  onConfirm,
}: {
  kind: RecordKind;
  caseNumber: string;
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={closeQuestion(kind, caseNumber)} centered>
      <Text mb="md">
        The {kind === 'Report' ? 'report' : 'case'} is marked Resolved when this update is sent.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>{closeAction(kind)}</Button>
      </Group>
    </Modal>
  );
}
