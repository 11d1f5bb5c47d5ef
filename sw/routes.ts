/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { pathPrefix } from '../contract/endpoint';
import { getAuthConfig } from '../contract/endpoints/auth';
import { getRemoteConfig } from '../contract/endpoints/config';
import { getFile } from '../contract/endpoints/knowledge';
import { machineIcon } from '../contract/endpoints/machines';

const DAY_SECONDS = 24 * 60 * 60;

const sameOriginGet =
  (prefix: string) =>
  ({ url, request }: { url: URL; request: Request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(prefix);

/**
 * Runtime caching: what is not in the precache. Only public, user-independent answers are
 * cached here; per-user data lives in IndexedDB (the read path of docs/architecture.md), not
 * in the service worker's caches.
 * CacheFirst stores only 200 answers by default (Workbox): errors never stick.
 */
export function registerRuntimeRoutes(): void {
  // Remote configuration: fresh when online, the last copy offline.
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      (url.pathname === getRemoteConfig.path || url.pathname === getAuthConfig.path),
    new NetworkFirst({
      cacheName: 'torque-config',
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 30 * 24 * 60 * 60 })],
    }),
  );

  // Machine icons (one per model family, the same for every user): cache first, a month.
  registerRoute(
    sameOriginGet(pathPrefix(machineIcon)),
    new CacheFirst({
      cacheName: 'torque-machine-icons',
      plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * DAY_SECONDS })],
    }),
  );

  // Files (knowledge attachments, manuals): immutable by id, so cache first; the cache gives
  // way first when the device runs out of room (purgeOnQuotaError), never IndexedDB.
  registerRoute(
    sameOriginGet(pathPrefix(getFile)),
    new CacheFirst({
      cacheName: 'torque-files',
      plugins: [
        new ExpirationPlugin({
          maxEntries: 200,
          maxAgeSeconds: 30 * DAY_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
