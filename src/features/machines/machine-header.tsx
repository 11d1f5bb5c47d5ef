import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { MachineDetail } from '../../../contract/machines';
import { MachineIcon } from './machine-icon';

/** product §2 header: icon, model plus serial, description, PIN. */
export function MachineHeader({ machine }: { machine: MachineDetail }) {
  return (
    <Group align="center" wrap="nowrap" gap="md" data-testid="machine-header">
      <MachineIcon src={machine.iconUrl} size={64} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title order={1} size="h3">
          {machine.materialNumber} {machine.serialNumber}
        </Title>
        <Text size="sm">{machine.materialNumberDescription}</Text>
        <Text size="sm" c="dimmed">
          PIN: {machine.productIdentificationNo}
        </Text>
      </Stack>
    </Group>
  );
}

/** product §2 chips, shown only for flags that are set (product §4: the detail flags drive them). */
const CHIPS: ReadonlyArray<readonly [keyof MachineDetail, string]> = [
  ['hasKtac', 'Has KTAC'],
  ['isPreOwned', 'Pre-Owned'],
  ['isAuction', 'Auctioned'],
  ['isScrapped', 'Scrapped'],
  ['isDonated', 'Donated'],
  ['isModified', 'Modified'],
];

export function MachineChips({ machine }: { machine: MachineDetail }) {
  const set = CHIPS.filter(([flag]) => machine[flag] === true);
  if (set.length === 0) return null;
  return (
    <Group gap="xs" className="machine-chips" data-testid="machine-chips">
      {set.map(([flag, label]) => (
        <Badge key={flag} variant="light" radius="sm" tt="none">
          {label}
        </Badge>
      ))}
    </Group>
  );
}
