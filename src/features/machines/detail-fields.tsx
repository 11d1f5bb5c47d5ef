import { SimpleGrid, Stack, Text } from '@mantine/core';

export type Field = readonly [label: string, value: string | number | null | undefined];

/** Label/value pairs of a detail modal; empty values show N/A (product §6 read-only fields). */
export function DetailFields({ fields }: { fields: readonly Field[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {fields.map(([label, value]) => (
        <Stack gap={0} key={label}>
          <Text size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text size="sm">
            {value === null || value === undefined || value === '' ? 'N/A' : value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
