import {
  ActionIcon,
  Badge,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { offerUndo } from '../../components/pending-undo';
import { PushPrompt } from '../../components/push-switch';
import { TrashIcon } from '../../components/icons';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useProfile } from '../../components/use-profile';
import { db, ownerRange } from '../../db/db';
import type { NotificationRow } from '../../db/schema';
import { messagePath, messageTypeLabel } from '../../domain/notification-links';
import { relativeTime } from '../../domain/dates';
import {
  deleteNotification,
  markMessageRead,
  refreshNotifications,
  startDeleteNotification,
  undoDeleteNotification,
} from '../../sync/notifications';

/** Hidden at once, gone for good once the time to undo is up. */
async function deleteWithUndo(ownerUserId: string, m: NotificationRow) {
  await startDeleteNotification(m.id);
  offerUndo({
    key: `message-${m.id}`,
    message: `Message deleted: ${m.title}`,
    undo: () => undoDeleteNotification(m.id),
    commit: () => deleteNotification(ownerUserId, m.id),
  });
}

function useMessages(userId: string | undefined) {
  return useLiveQuery(
    () =>
      userId
        ? db.notifications
            .where('[ownerUserId+receivedAt]')
            .between(...ownerRange(userId))
            .reverse()
            .filter((m) => !m.deletingAt)
            .toArray()
        : [],
    [userId],
  );
}

/** While Messages is open and seen, it asks again this often: a push may never come. */
export const MESSAGES_POLL_MS = 20_000;

/**
 * Keeps the list current while it is open: on opening, each time the page is seen again or the
 * connection returns, and every MESSAGES_POLL_MS while it is seen (a push is stored where the
 * list reads, but a browser without a push service never gets one). Offline the stored list
 * stays.
 */
function useFreshMessages(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    const ctrl = new AbortController();
    let last = 0;
    const refresh = () => {
      if (document.visibilityState === 'hidden' || navigator.onLine === false) return;
      last = Date.now();
      refreshNotifications(userId, ctrl.signal).catch(() => undefined);
    };
    const onSeen = () => {
      // Focus and visibility often come together: one request for both.
      if (Date.now() - last > 1_000) refresh();
    };
    refresh();
    const poll = setInterval(refresh, MESSAGES_POLL_MS);
    document.addEventListener('visibilitychange', onSeen);
    window.addEventListener('focus', onSeen);
    window.addEventListener('online', onSeen);
    return () => {
      ctrl.abort();
      clearInterval(poll);
      document.removeEventListener('visibilitychange', onSeen);
      window.removeEventListener('focus', onSeen);
      window.removeEventListener('online', onSeen);
    };
  }, [userId]);
}

function MessageRow({ m, ownerUserId }: { m: NotificationRow; ownerUserId: string }) {
  const navigate = useNavigate();
  const unread = !m.read;
  const open = () => {
    void markMessageRead(m.id);
    void navigate(messagePath(m));
  };
  return (
    <Paper
      withBorder
      p="sm"
      data-unread={unread || undefined}
      style={unread ? { borderLeft: '4px solid var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={open} style={{ flex: 1 }} aria-label={`Open message ${m.title}`}>
          <Group gap="xs" mb={4}>
            <Badge size="sm" variant="light">
              {messageTypeLabel(m.type)}
            </Badge>
            {unread && (
              <Badge size="sm" color="orange">
                Unread
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {relativeTime(m.receivedAt)}
            </Text>
          </Group>
          <Text fw={unread ? 700 : 500}>{m.title}</Text>
          <Text size="sm">{m.body}</Text>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete message ${m.title}`}
          onClick={() => void deleteWithUndo(ownerUserId, m)}
        >
          <TrashIcon size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** /messages (product §2 Other screens): the notification list, newest first. */
export function MessagesScreen() {
  const user = useProfile();
  const rows = useMessages(user?.id);
  const userId = user?.id;
  const keptShown = useKeptShownFirst(userId ? rows : undefined);
  // The gateway is asked once the kept list is on screen, so online never opens later than offline.
  useFreshMessages(keptShown ? userId : undefined);
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} size="h2">
        Messages
      </Title>
      <PushPrompt />
      {!rows || !userId ? (
        <Loader m="xl" />
      ) : rows.length === 0 ? (
        <EmptyState>No Messages to Display</EmptyState>
      ) : (
        rows.map((m) => <MessageRow key={m.id} m={m} ownerUserId={userId} />)
      )}
    </Stack>
  );
}
