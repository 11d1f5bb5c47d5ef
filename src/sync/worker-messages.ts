import type { PushClientMessage } from './notification-store';

/**
 * What the service worker posts to this page (a push arrived, a notification was clicked),
 * listened to from the page's first script on. A push can reach a page that is still loading:
 * the worker sees a visible window and leaves the toast to it, but the screen that shows toasts
 * mounts later, and a message event with nobody listening is gone. So messages are held here
 * until someone listens.
 */
type Listener = (message: PushClientMessage) => void;

const KEEP = 20;
const held: PushClientMessage[] = [];
const listeners = new Set<Listener>();
const listenedTo = new WeakSet<object>();
const arrivals = new Set<() => void>();

function isClientMessage(data: unknown): data is PushClientMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'push-message' || type === 'open-path';
}

/** Starts listening to the service worker; the app calls it before it renders. */
export function listenToWorkerMessages(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  if (listenedTo.has(container)) return;
  listenedTo.add(container);
  container.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isClientMessage(data)) return;
    for (const arrived of arrivals) arrived();
    if (listeners.size === 0) {
      held.push(data);
      if (held.length > KEEP) held.shift();
      return;
    }
    for (const listener of listeners) listener(data);
  });
}

/** Calls `listener` with each message, the held ones first; returns the way to stop. */
export function onWorkerMessage(listener: Listener): () => void {
  listenToWorkerMessages();
  listeners.add(listener);
  for (const message of held.splice(0)) listener(message);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls `callback` when a message arrives (at once when one is held): the code that shows
 * them loads then, and `onWorkerMessage` hands it what was held. Returns the way to stop.
 */
export function onWorkerMessageArrival(callback: () => void): () => void {
  listenToWorkerMessages();
  arrivals.add(callback);
  if (held.length > 0) callback();
  return () => {
    arrivals.delete(callback);
  };
}
