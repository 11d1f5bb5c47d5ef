import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/**
 * A route's code failed to load (typically a new deployment removed old chunks, or offline
 * before the service worker cached them) or a screen threw: say so, offer a reload.
 */
export function RouteError() {
  const error = useRouteError();
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
