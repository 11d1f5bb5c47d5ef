import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

/**
 * Toasts without paying for them up front: @mantine/notifications (and its transitions) load
 * with the first toast. The shell mounts the host only once one was asked for.
 */
let hostWanted = false;
const listeners = new Set<() => void>();

function wantHost() {
  if (hostWanted) return;
  hostWanted = true;
  for (const l of listeners) l();
}

export function showToast(data: NotificationData): void {
  wantHost();
  import('@mantine/notifications').then(
    (m) => void m.notifications.show(data),
    () => undefined, // offline before the chunk was cached: a toast is not worth an error
  );
}

export function hideToast(id: string): void {
  import('@mantine/notifications').then(
    (m) => void m.notifications.hide(id),
    () => undefined,
  );
}

export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => hostWanted,
  );
}
