import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPushReceiver, type PushReceiver } from '../tests/gateway/push-receiver';
import {
  CHROMIUM,
  launchBrowser,
  signedInPage,
  swControlled,
  trackPageErrors,
} from './support/browser';
import type { RunningGateway } from './support/gateway';
import { portFor } from './support/ports';
import { startSeededGateway } from './support/seeded-gateway';
import { deliverPush, registerPushDevice } from './support/push';

/*
 * Notifications end to end: ada sends a Knowledge notification from the dashboard to a filter
 * that includes dana; the gateway's fan-out pushes it (aes128gcm, VAPID) to a local push
 * service, which hands the decrypted message to dana's service worker through CDP
 * ServiceWorker.deliverPushMessage (headless Chromium has no push service to subscribe to).
 * This test runs its own gateway (its worker's E2E_PUSH_PORT, default 8193) so the gateway trusts the local
 * push service's certificate.
 */
const PORT = portFor('push');
const DANA = 'dana.tech@northfield.example';
const ADA = 'ada.admin@torque.example';
const TITLE = 'New bulletin for M7 tractors (e2e)';

let browser: Browser;
let gateway: RunningGateway;
let receiver: PushReceiver;

beforeAll(async () => {
  receiver = await startPushReceiver();
  [browser, gateway] = await Promise.all([
    launchBrowser(),
    startSeededGateway(PORT, receiver.gatewayEnv),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  await receiver?.close();
});

function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  return signedInPage(browser, email, { baseURL: gateway.url });
}

/** A form field by its label; required fields carry an asterisk after it. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}( \\*)?$`)).first();

async function pick(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The signed-in user's messages as the gateway has them (through the page's cookie). */
function serverMessages(page: Page): Promise<{ id: string; title: string }[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/notifications');
    return ((await res.json()) as { notifications: { id: string; title: string }[] }).notifications;
  });
}

function outboxKinds(page: Page): Promise<{ kind: string; status: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve(all.result as { kind: string; status: string }[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

describe(`notifications in Chromium (${CHROMIUM})`, () => {
  it('ada sends, dana gets the push as a toast and in Messages, opens it, deletes it offline', async () => {
    const dana = await signedIn(DANA);
    const danaErrors = trackPageErrors(dana.page);
    await swControlled(dana.page);
    const subscription = await registerPushDevice(dana.page, receiver);

    // dana is refused the dashboard.
    await dana.page.goto('/support/notifdashboard');
    await dana.page.getByText('Not allowed').waitFor();

    const ada = await signedIn(ADA);
    await ada.page.goto('/support/notifdashboard');
    await pick(ada.page, 'Type', 'Knowledge');
    await field(ada.page, 'Title').pressSequentially(TITLE);
    await ada.page
      .getByRole('textbox', { name: 'Body', exact: true })
      .pressSequentially('Front axle bulletin SB-M7-114.');
    await pick(ada.page, 'Facet', 'Bulletins');
    await field(ada.page, 'Search Text').pressSequentially('front axle');
    await ada.page.getByRole('button', { name: 'Add Filter' }).click();
    await pick(ada.page, 'Filter 1 field', 'Account Number');
    await field(ada.page, 'Filter 1 value').pressSequentially('NOBODY');
    await ada.page.getByRole('button', { name: 'Validate' }).click();
    await ada.page.getByText('Please revise your filters to include someone').waitFor();
    expect(await ada.page.getByRole('button', { name: 'Send Notification' }).isDisabled()).toBe(
      true,
    );
    // Any edit turns the button back to Validate.
    await field(ada.page, 'Filter 1 value').fill('');
    await field(ada.page, 'Filter 1 value').pressSequentially(' d10417 ');
    await ada.page.getByRole('button', { name: 'Validate' }).click();
    await ada.page.getByRole('button', { name: 'Send Notification' }).click();
    await ada.page.getByText('Are you sure?').waitFor();
    await ada.page.getByRole('button', { name: 'Send', exact: true }).click();
    await ada.page.getByText(/^Notification sent to \d+ (people|person)!$/).waitFor();

    // The gateway pushed it, encrypted for dana's subscription.
    await receiver.waitFor(1, 60_000);
    const pushed = receiver.received.find((r) => r.subscription === subscription.endpoint)!;
    expect(pushed.payload).toMatchObject({ title: TITLE, type: 'Knowledge' });

    // History shows the send.
    await ada.page.getByRole('tab', { name: 'History' }).click();
    await ada.page.getByRole('cell', { name: TITLE }).waitFor();

    // Hand the push to dana's service worker.
    await dana.page.goto('/home');
    await deliverPush(dana.context, dana.page, pushed.payload);
    const toast = dana.page.getByTestId('push-toast').filter({ hasText: TITLE });
    await toast.waitFor();

    // Messages lists it (newest first, unread); a click opens the knowledge search.
    await dana.page.goto('/messages');
    const open = dana.page.getByRole('button', { name: `Open message ${TITLE}` });
    await open.waitFor();
    expect(
      await dana.page
        .getByRole('button', { name: /^Open message/ })
        .first()
        .getAttribute('aria-label'),
    ).toBe(`Open message ${TITLE}`);
    await open.click();
    await dana.page.waitForURL((u) => u.pathname === '/knowledge');
    expect(new URL(dana.page.url()).searchParams.get('s')).toBe('front axle');
    expect(new URL(dana.page.url()).searchParams.get('c')).toBe('bulletins');

    // Delete offline: gone at once, queued, sent once back online.
    await dana.page.goto('/messages');
    await open.waitFor();
    await dana.context.setOffline(true);
    await dana.page.getByRole('button', { name: `Delete message ${TITLE}` }).click();
    await expect.poll(async () => open.count()).toBe(0);
    // Queued once the few seconds to undo it are up.
    await expect
      .poll(
        async () =>
          (await outboxKinds(dana.page)).filter((o) => o.kind === 'notification-delete').length,
        { timeout: 20_000 },
      )
      .toBe(1);
    await dana.context.setOffline(false);
    await expect
      .poll(
        async () =>
          (await outboxKinds(dana.page)).find((o) => o.kind === 'notification-delete')?.status,
        { timeout: 60_000 },
      )
      .toBe('done');
    expect((await serverMessages(dana.page)).map((m) => m.title)).not.toContain(TITLE);
    expect(danaErrors).toEqual([]);
    await ada.context.close();
    await dana.context.close();
  });

  it('shows Dealer Contacts online, then offline from the device', async () => {
    const dana = await signedIn(DANA);
    await swControlled(dana.page);
    await dana.page.goto('/support/DealerContacts');
    await dana.page.getByText('Northfield Equipment').waitFor();
    const email = dana.page.getByRole('link', { name: DANA });
    await email.waitFor();
    expect(await email.getAttribute('href')).toBe(`mailto:${DANA}`);
    await dana.context.setOffline(true);
    await dana.page.reload();
    await dana.page.getByRole('link', { name: DANA }).waitFor();
    expect(
      await dana.page
        .getByText(
          'There was an error fetching dealer contacts, please contact your Administrator.',
        )
        .count(),
    ).toBe(0);
    await dana.context.close();
  });
});
