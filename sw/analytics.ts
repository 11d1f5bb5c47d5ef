/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { registerRoute } from 'workbox-routing';
import { recordCaseAssistEvents } from '../contract/endpoints/case-assist';

declare const self: ServiceWorkerGlobalScope;

/*
 * Case-assist analytics (product §4 Wizard): fire-and-forget. An event batch the network
 * cannot take waits in a workbox-background-sync Queue (IndexedDB) and is sent on the next
 * `sync`, so events are never lost offline and never block the user. The gateway records an
 * event id once, so a batch sent twice counts once.
 */

export const ANALYTICS_PATH = recordCaseAssistEvents.path;
const WEEK_MINUTES = 7 * 24 * 60;

export function registerAnalyticsQueue(): void {
  const queue = new Queue('case-assist-events', { maxRetentionTime: WEEK_MINUTES });
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === ANALYTICS_PATH,
    async ({ request }) => {
      const copy = request.clone();
      try {
        return await fetch(request);
      } catch {
        await queue.pushRequest({ request: copy });
        return new Response(JSON.stringify({ accepted: 0, recorded: 0 }), {
          status: 202,
          headers: { 'Content-Type': 'application/json' },
        });
      }
    },
    'POST',
  );
}
