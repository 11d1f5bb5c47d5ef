import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PushReceiver } from '../../tests/gateway/push-receiver';

/**
 * Hands `payload` to the service worker of `page`'s origin as a push event, through CDP
 * ServiceWorker.deliverPushMessage: headless Chromium has no push service to subscribe to, so
 * this is the push service's last step (the worker's `push` handler runs as for a real one).
 */
export async function deliverPush(
  context: BrowserContext,
  page: Page,
  payload: unknown,
): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const reg = e.registrations.find((r) => r.scopeURL.startsWith(origin));
        if (reg && !reg.isDeleted) resolve(reg.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
  } finally {
    await cdp.detach();
  }
}

/**
 * Registers `page`'s user's device with the gateway as a real browser does after subscribing,
 * with a subscription of the local push service; answers that subscription.
 */
export async function registerPushDevice(
  page: Page,
  receiver: PushReceiver,
): Promise<ReturnType<PushReceiver['subscribe']>> {
  const subscription = receiver.subscribe();
  const registered = await page.evaluate(async (sub) => {
    const res = await fetch('/api/v1/push/devices', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: sub, platform: 'PWA' }),
    });
    return res.status;
  }, subscription);
  expect(registered).toBe(201);
  return subscription;
}
