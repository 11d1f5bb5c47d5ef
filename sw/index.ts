/// <reference lib="webworker" />
import '../contract/zod-without-eval';
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerPush } from './push';
import { registerAnalyticsQueue } from './analytics';
import { registerOutboxReplay } from './replay';
import { registerRuntimeRoutes } from './routes';
import { registerShareTarget } from './share-target';

/*
 * The service worker: handlers only. replay.ts replays the outbox on Background Sync; other
 * handlers (Web Push) are registered from here too.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// Before Workbox's routes: a share's POST is answered here, whatever else matches its URL.
registerShareTarget();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app URL is the single-page shell, offline included; the gateway's own paths are not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/oidc\//, /^\/links\//],
  }),
);

registerRuntimeRoutes();
registerOutboxReplay();
registerPush();
registerAnalyticsQueue();

// Take control of open pages on first install, or the first visit is not offline-capable.
clientsClaim();

// A new version waits until the page asks (the user pressed Reload): no mid-task swaps.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
