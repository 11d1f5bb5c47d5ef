/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

/**
 * Runtime caching: what is not in the precache. Only public, user-independent answers are
 * cached here; per-user data lives in IndexedDB (ARCHITECTURE data flow), not in the SW cache.
 */
export function registerRuntimeRoutes(): void {
  // Remote configuration: fresh when online, the last copy offline.
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      (url.pathname === '/api/v1/config' || url.pathname === '/api/v1/auth/config'),
    new NetworkFirst({
      cacheName: 'torque-config',
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 30 * 24 * 60 * 60 })],
    }),
  );
}
