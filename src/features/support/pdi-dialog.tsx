import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { machinePathSegments } from '../../domain/route-params';

/**
 * Product §2: Product Delivery Inspection leaves the product, so it asks first. The
 * inspection page is keyed by model and serial, so the dialog asks for them too; Allow opens
 * the product's inspection route for that machine in a new tab (noopener: that page gets
 * no handle on us).
 */
export function PdiDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [model, setModel] = useState('');
  const [serial, setSerial] = useState('');
  const machine = { model: model.trim(), serial: serial.trim() };
  const ready = machine.model !== '' && machine.serial !== '';
  const allow = () => {
    if (!ready) return;
    window.open(
      `/support/machine/pdi/${machinePathSegments(machine)}`,
      '_blank',
      'noopener,noreferrer',
    );
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Open a new tab?" centered>
      <Stack gap="sm">
        <Text>You are about to open a new tab and leave the product. Are you sure?</Text>
        <TextInput
          label="Model"
          value={model}
          onChange={(e) => setModel(e.currentTarget.value)}
          required
        />
        <TextInput
          label="Serial Number"
          value={serial}
          onChange={(e) => setSerial(e.currentTarget.value)}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Deny
          </Button>
          <Button onClick={allow} disabled={!ready}>
            Allow
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
