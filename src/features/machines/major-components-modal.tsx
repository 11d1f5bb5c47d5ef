import { Modal, Paper, Stack, Text } from '@mantine/core';
import type { MajorComponent } from '../../../contract/machines';
import { formatDay } from '../../domain/dates';
import { DetailFields } from './detail-fields';

/** Major component info (product §2), from the machine's own data (product §2 Machine detail). */
export function MajorComponentsModal({
  opened,
  onClose,
  components,
}: {
  opened: boolean;
  onClose: () => void;
  components: MajorComponent[];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Major Components" size="lg">
      {components.length === 0 ? (
        <Text c="dimmed">No major component info.</Text>
      ) : (
        <Stack gap="sm">
          {components.map((c) => (
            <Paper withBorder p="sm" key={`${c.componentType}|${c.serialNumber}`}>
              <Text fw={700} mb={4}>
                {c.componentType}
              </Text>
              <DetailFields
                fields={[
                  ['Description', c.description],
                  ['Part Number', c.partNumber],
                  ['Serial Number', c.serialNumber],
                  ['Installed On', formatDay(c.installedOn)],
                ]}
              />
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
