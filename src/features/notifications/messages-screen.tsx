import { ActionIcon, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { EmptyState } from '../../components/empty-state';
import { TrashIcon } from '../../components/icons';
import { useProfile } from '../../components/use-profile';
import { db, ownerRange } from '../../db/db';
import { deleteNotification } from '../../sync/notifications';

function useMessages(userId: string | undefined) {
  return useLiveQuery(
    () =>
      userId
        ? db.notifications
            .where('[ownerUserId+receivedAt]')
            .between(...ownerRange(userId))
            .reverse()
            .toArray()
        : [],
    [userId],
  );
}

/** /messages (product §2 Other screens): the notification list, newest first. */
export function MessagesScreen() {
  const user = useProfile();
  const rows = useMessages(user?.id);
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} size="h2">
        Messages
      </Title>
      {!rows ? (
        <Loader m="xl" />
      ) : rows.length === 0 ? (
        <EmptyState>No Messages to Display</EmptyState>
      ) : (
        rows.map((m) => (
          <Paper key={m.id} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={700}>{m.title}</Text>
                <Text size="sm">{m.body}</Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete message ${m.title}`}
                onClick={() => void deleteNotification(m.id)}
              >
                <TrashIcon size={18} />
              </ActionIcon>
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}
