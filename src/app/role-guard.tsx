import { Loader, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useProfile } from '../components/use-profile';

/**
 * Internal-only screens (product §6). The gateway refuses external users itself (403); this
 * only spares them a screen that cannot work for them.
 */
export function InternalOnly() {
  const user = useProfile();
  if (user === undefined) return <Loader m="xl" />;
  if (user?.kind === 'internal') return <Outlet />;
  return (
    <Stack p="md" gap="xs">
      <Title order={2}>Not available</Title>
      <Text>This screen is for internal users only.</Text>
    </Stack>
  );
}
