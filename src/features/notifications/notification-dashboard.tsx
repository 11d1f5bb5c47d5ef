import { Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useProfile } from '../../components/use-profile';
import { HistoryTab } from './notification-history-tab';
import { SendTab } from './notification-send-tab';

/** /support/notifdashboard (product §2): administrators only; the gateway refuses others too. */
export function NotificationDashboard() {
  const user = useProfile();
  const [tab, setTab] = useState<string | null>('send');
  const [version, setVersion] = useState(0);
  if (user === undefined) return <Loader m="xl" />;
  if (!user?.isAdmin) {
    return (
      <Stack p="md" gap="xs">
        <Title order={2}>Not allowed</Title>
        <Text>The notification dashboard is for administrators only.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" maw={820} mx="auto">
      <Title order={1} size="h2">
        Notification Dashboard
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="send">Send</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="send">
          <SendTab onSent={() => setVersion((v) => v + 1)} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab active={tab === 'history'} version={version} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
