/// <reference lib="webworker" />
import { SHARE_TARGET_PATH } from '../src/domain/shared-files';
import { receiveShare } from '../src/sync/shared-files';

declare const self: ServiceWorkerGlobalScope;

/**
 * The installed app as a share target (manifest share_target, POST multipart): the worker
 * answers the POST itself, so sharing works without signal, and the files wait in IndexedDB
 * for the share screen.
 */
export function registerShareTarget(): void {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (
      event.request.method !== 'POST' ||
      url.origin !== self.location.origin ||
      url.pathname !== SHARE_TARGET_PATH
    ) {
      return;
    }
    event.respondWith(receiveShare(event.request));
  });
}
