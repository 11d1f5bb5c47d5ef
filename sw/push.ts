/// <reference lib="webworker" />
import { pushPayloadSchema } from '../contract/notifications';
import { db } from '../src/db/db';
import { messagePath } from '../src/domain/notification-links';
import { signedInUserId } from '../src/sync/current-user';
import { refreshUnreadCases } from '../src/sync/unread-refresh';
import { unreadCaseCount } from '../src/sync/unread-state';
import {
  storePushedMessage,
  unreadCount,
  type PushClientMessage,
} from '../src/sync/notification-store';

declare const self: ServiceWorkerGlobalScope;

async function setBadge(count: number): Promise<void> {
  // The Badging API exists in some browsers only (product §2 Push: where supported).
  const nav = self.navigator as WorkerNavigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Not allowed here (no installed app): nothing to show.
  }
}

async function onPush(data: unknown): Promise<void> {
  const parsed = pushPayloadSchema.safeParse(data);
  if (!parsed.success) return;
  const message = parsed.data;
  const userId = await signedInUserId(db);
  // Kept on the device so Messages lists it offline; only for the user signed in here.
  if (userId) {
    await storePushedMessage(db, userId, message);
    // A reply on a case: its marker and the counts follow without the app being opened.
    if (message.type === 'Case' || message.type === 'Report') {
      await refreshUnreadCases(userId, undefined, db).catch(() => undefined);
    }
    // Messages and cases with replies not seen, as the page counts them.
    const [messages, cases] = await Promise.all([
      unreadCount(db, userId),
      unreadCaseCount(userId, db),
    ]);
    await setBadge(messages + cases);
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const w of windows) {
    w.postMessage({ type: 'push-message', message } satisfies PushClientMessage);
  }
  // An app in front shows the message as a toast; otherwise the system shows it.
  if (windows.some((w) => w.visibilityState === 'visible')) return;
  await self.registration.showNotification(message.title, {
    body: message.body,
    tag: message.id,
    icon: '/icons/icon-192.png',
    data: { path: messagePath(message) },
  });
}

async function onClick(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    // The page's router moves without a reload; focus brings the window to the front.
    open.postMessage({ type: 'open-path', path } satisfies PushClientMessage);
    await open.focus();
    return;
  }
  await self.clients.openWindow(url);
}

export function registerPush(): void {
  self.addEventListener('push', (event) => {
    let data: unknown;
    try {
      data = event.data?.json();
    } catch {
      // Not JSON: not one of ours.
      data = null;
    }
    event.waitUntil(onPush(data));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = (event.notification.data as { path?: string } | null)?.path ?? '/messages';
    event.waitUntil(onClick(path));
  });
}
