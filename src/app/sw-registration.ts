import { backoffDelay } from '../sync/backoff';

/**
 * Registers the service worker (vite-plugin-pwa builds it to /sw.js; injectRegister is off)
 * and tells the shell when a new version is waiting, so it can offer a reload.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const l of listeners) l();
}

export function onUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateWaiting(): boolean {
  return waiting !== null;
}

/** Activates the waiting worker; the page reloads once it controls the page. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Registers again after a first install failed (one precached file did not arrive on a poor
 * connection), on the outbox's back-off: without a retry the device stays unable to work
 * offline until the app is next opened, which for an installed app can be days and a field
 * later. Six tries span about two minutes.
 */
const RETRIES_MAX = 6;

function retryLater(attempt: number, register: (attempt: number) => Promise<void>) {
  if (attempt >= RETRIES_MAX) return;
  const again = () => void register(attempt + 1);
  // Without a network the install fails again: try when the device is back online.
  if (!navigator.onLine) window.addEventListener('online', again, { once: true });
  else setTimeout(again, backoffDelay(attempt + 1));
}

/** Workers whose state is followed already: a registration tried again keeps its worker. */
const watched = new WeakSet<ServiceWorker>();

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = async (attempt: number) => {
    let reg: ServiceWorkerRegistration;
    try {
      reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    } catch {
      // No network for sw.js, or no service worker at all (private mode, old browser): the
      // app still works online.
      retryLater(attempt, register);
      return;
    }
    // A new worker only waits when an older one controls the page (not on first install).
    if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
    const watch = (next: ServiceWorker | null) => {
      if (!next || watched.has(next)) return;
      watched.add(next);
      next.addEventListener('statechange', () => {
        if (next.state === 'installed' && navigator.serviceWorker.controller) setWaiting(next);
        // A failed first install leaves no worker at all; a failed update keeps the old one.
        if (next.state === 'redundant' && !reg.active) retryLater(attempt, register);
      });
    };
    watch(reg.installing);
    reg.addEventListener('updatefound', () => watch(reg.installing));
  };
  // After load, so registering and precaching do not compete with the first screen.
  if (document.readyState === 'complete') void register(0);
  else window.addEventListener('load', () => void register(0), { once: true });
}
