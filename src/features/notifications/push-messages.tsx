import { CloseButton, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pushPayloadSchema, type Notification } from '../../../contract/notifications';
import { useProfile } from '../../components/use-profile';
import { db } from '../../db/db';
import { messagePath } from '../../domain/notification-links';
import { storePushedMessage } from '../../sync/notification-store';
import { markMessageRead } from '../../sync/notifications';
import { refreshUnreadCases } from '../../sync/unread-refresh';
import { onWorkerMessage } from '../../sync/worker-messages';

/** product §9: snackbars, at most 3 at once, hidden after 15 s. */
export const MAX_TOASTS = 3;
export const TOAST_MS = 15_000;
/** The last messages, kept for the tab's session (product §2 In-app message toasts). */
export const TOAST_STORAGE_KEY = 'torque.pushMessages';
const KEEP = 20;

function remember(message: Notification) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TOAST_STORAGE_KEY) ?? '[]') as Notification[];
    const next = [message, ...kept.filter((m) => m.id !== message.id)].slice(0, KEEP);
    sessionStorage.setItem(TOAST_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: the toast still shows.
  }
}

/**
 * Pushes while the app is open (product §2 In-app message toasts): the service worker passes
 * each one here; it shows as a snackbar (3 at most, the rest wait their turn), a click opens
 * what it is about. Also follows a system notification's click. The protected shell loads it
 * when the worker's first message arrives (sync/worker-messages.ts holds it until then).
 */
export function PushMessages() {
  const navigate = useNavigate();
  const user = useProfile();
  const userId = user?.id;
  const [shown, setShown] = useState<Notification[]>([]);
  const waiting = useRef<Notification[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const hide = (id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setShown((s) => {
      const rest = s.filter((m) => m.id !== id);
      const next = waiting.current.shift();
      return next ? [...rest, next] : rest;
    });
  };
  const hideRef = useRef(hide);
  hideRef.current = hide;

  useEffect(() => {
    for (const m of shown) {
      if (!timers.current.has(m.id)) {
        timers.current.set(
          m.id,
          setTimeout(() => hideRef.current(m.id), TOAST_MS),
        );
      }
    }
  }, [shown]);
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  useEffect(() => {
    return onWorkerMessage((data) => {
      if (data.type === 'open-path') {
        void navigate(data.path);
        return;
      }
      const parsed = pushPayloadSchema.safeParse(data.message);
      if (!parsed.success) return;
      const message = parsed.data;
      remember(message);
      // The service worker stored it already; storing again is harmless and covers a page
      // that got the message from an older worker.
      if (userId) void storePushedMessage(db, userId, message);
      // A reply on a case: its marker and the Support tab's count follow without a reload. Read
      // from the device, not the profile hook: a push held since start may come before it.
      if (message.type === 'Case' || message.type === 'Report') {
        void db.profile.get('me').then((me) => me && refreshUnreadCases(me.user.id));
      }
      setShown((s) => {
        if (s.some((m) => m.id === message.id)) return s;
        if (s.length < MAX_TOASTS) return [...s, message];
        waiting.current.push(message);
        return s;
      });
    });
  }, [navigate, userId]);

  if (shown.length === 0) return null;
  return (
    <Stack
      gap="xs"
      role="region"
      aria-label="New messages"
      style={{
        position: 'fixed',
        top: 64,
        right: 12,
        left: 12,
        zIndex: 400,
        maxWidth: 420,
        marginLeft: 'auto',
      }}
    >
      {shown.map((m) => (
        <Paper key={m.id} shadow="md" withBorder p="sm" role="status" data-testid="push-toast">
          <Stack gap={2} style={{ position: 'relative' }}>
            <CloseButton
              aria-label={`Dismiss ${m.title}`}
              onClick={() => hide(m.id)}
              style={{ position: 'absolute', top: 0, right: 0 }}
            />
            <UnstyledButton
              onClick={() => {
                hide(m.id);
                void markMessageRead(m.id);
                void navigate(messagePath(m));
              }}
            >
              <Text fw={700} pr={28}>
                {m.title}
              </Text>
              <Text size="sm">{m.body}</Text>
            </UnstyledButton>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
