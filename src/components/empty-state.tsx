import { Text } from '@mantine/core';

/** The one-line empty state of a list (product §8 lists the texts). */
export function EmptyState({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {children}
    </Text>
  );
}
