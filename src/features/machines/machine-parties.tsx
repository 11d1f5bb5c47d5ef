import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { MachineDetail } from '../../../contract/machines';

function Party({ label, name, place }: { label: string; name: string | null; place?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{name || '—'}</Text>
      {place && (
        <Text size="sm" c="dimmed">
          {place}
        </Text>
      )}
    </Stack>
  );
}

/** product §2: Customer/Owner and Servicing Dealer. */
export function MachineParties({ machine }: { machine: MachineDetail }) {
  const place = [machine.endCustomerCity, machine.endCustomerState].filter(Boolean).join(', ');
  return (
    <SimpleGrid cols={2} spacing="sm">
      <Party label="Customer/Owner" name={machine.endCustomerName} place={place} />
      <Party label="Servicing Dealer" name={machine.servicingDealerName} />
    </SimpleGrid>
  );
}
