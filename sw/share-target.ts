/// <reference lib="webworker" />
import {
  isShareFromDevice,
  SHARE_REFUSED_URL,
  SHARE_TARGET_PATH,
} from '../src/domain/shared-files';
import { receiveShare } from '../src/sync/shared-files';

declare const self: ServiceWorkerGlobalScope;

/**
 * The installed app as a share target (manifest share_target, POST multipart): the worker
 * answers the POST itself, so sharing works without signal, and the files wait in IndexedDB
 * for the share screen. Only what the phone's share sheet (or the app) sends is taken: another
 * website's form is answered with the screen saying so, and its files are not read.
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
    if (!isShareFromDevice(event.request, self.location.origin)) {
      event.respondWith(Response.redirect(new URL(SHARE_REFUSED_URL, url).href, 303));
      return;
    }
    event.respondWith(receiveShare(event.request));
  });
}
