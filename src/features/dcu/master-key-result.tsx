import { Button, Paper, Stack, Text } from '@mantine/core';
import type { MasterKeyResponse } from '../../api/dcu';

/** product §4 Master key: the serial and its master password; the button clears the view. */
export function MasterKeyResult({ result, onBack }: { result: MasterKeyResponse; onBack(): void }) {
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" data-testid="master-key-result">
        <Text size="xs" c="dimmed" tt="uppercase">
          Serial Number
        </Text>
        <Text fw={600}>{result.serialNumber}</Text>
        <Text size="xs" c="dimmed" tt="uppercase" mt="sm">
          Master Password
        </Text>
        <Text fw={700} size="xl" ff="monospace" data-testid="master-password">
          {result.masterKey}
        </Text>
      </Paper>
      <Button variant="outline" onClick={onBack}>
        Back to Lookup Form
      </Button>
    </Stack>
  );
}
