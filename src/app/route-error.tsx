import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { releaseHomeSnapshot } from '../components/painted-snapshot';

/**
 * A route's code failed to load (typically a new deployment removed old chunks, or offline
 * before the service worker cached them) or a screen threw: say so, offer a reload.
 */
export function RouteError({ error }: { error: unknown }) {
  // A start that fails ends here: a painted Home snapshot must not hide the message.
  useEffect(releaseHomeSnapshot, []);
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return (
    <Stack p="md" maw={480} mx="auto" mt="xl">
      <Title order={2}>Something went wrong</Title>
      <Text>This screen could not be shown. Check your connection and reload.</Text>
      <Text size="sm" c="dimmed">
        {message}
      </Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
