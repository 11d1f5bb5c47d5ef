import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * SPEC §2: Product Delivery Inspection leaves the product, so it asks first. Allow opens
 * the provider's inspection page in a new tab (noopener: that page gets no handle on us).
 */
export function PdiDialog({
  opened,
  url,
  onClose,
}: {
  opened: boolean;
  url: string | null;
  onClose: () => void;
}) {
  const allow = () => {
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Open a new tab?" centered>
      <Text mb="md">You are about to open a new tab and leave the product. Are you sure?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Deny
        </Button>
        <Button onClick={allow} disabled={!url}>
          Allow
        </Button>
      </Group>
    </Modal>
  );
}
