import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { MachineListItem } from '../../../contract/machines';
import { machineListViewPath } from '../../domain/machine-links';
import { MachineIcon } from './machine-icon';

function Line({ label, value }: { label: string; value: string | null }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {value || '—'}
    </Text>
  );
}

/** product §2 Machine list card: icon, model, serial, description, customer, city, dealer, View. */
export function MachineListCard({ item }: { item: MachineListItem }) {
  return (
    <Paper withBorder p="sm" data-testid="machine-card">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <MachineIcon src={item.iconUrl} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700}>
            {item.materialNumber} · {item.serialNumber}
          </Text>
          <Text size="sm">{item.description}</Text>
          <Line label="Customer" value={item.endCustomerName} />
          <Line label="City" value={[item.city, item.state].filter(Boolean).join(', ')} />
          <Line label="Service Dealer" value={item.servicingDealerName} />
        </Stack>
        <Button component={Link} to={machineListViewPath(item)} size="xs" variant="light">
          View
        </Button>
      </Group>
    </Paper>
  );
}
