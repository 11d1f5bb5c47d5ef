import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { queuedPairing } from './support/dcu-pairing';
import { putStoredRow, storedRows } from './support/device-db';
import { sendMessageToAccount } from './support/messages';
import { networkSettled } from './support/settle';

/*
 * Deleting a message and discarding a queued change: gone from the screen at once, a toast
 * offers Undo for a few seconds, Undo brings it back, otherwise it is carried out.
 *
 * The gateway is shared with the other e2e files, so this file keeps to data of its own: olga
 * (no other file signs her in) gets messages sent to her account only, and her queued changes
 * name DCU units no gateway has, refused before anything is looked up, so nothing any other
 * file pairs or reads changes here.
 */

const OLGA = 'olga.oem@torque.example';
const OLGA_ACCOUNT = 'OEM-0001';
const PAIRINGS = '/api/v1/dcu/pairings';
/** The toast's time to undo (src/components/pending-undo.tsx) with room for a busy machine. */
const CARRIED_OUT_WITHIN = 20_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A tab of the bottom navigation, as a person taps it. */
const nav = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });

/** Presses Tab until `target` has the focus, as a keyboard user gets there; false if never. */
async function tabTo(page: Page, target: Locator, most = 40): Promise<boolean> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return true;
  }
  return false;
}

function serverTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/notifications');
    const body = (await res.json()) as { notifications: { title: string }[] };
    return body.notifications.map((n) => n.title);
  });
}

/**
 * A DCU pairing committed offline, as the pairing screen queues it. Its unit is one no gateway
 * has: sent, it is refused at once and changes nothing.
 */
async function queuePairing(page: Page, ownerUserId: string, imei: string): Promise<string> {
  const row = queuedPairing(ownerUserId, { imei, serial: '90001' });
  await putStoredRow(page, 'outbox', row);
  return row.id;
}

/** Pairing requests that left the browser (the page's and the service worker's): their keys. */
function pairingPosts(context: BrowserContext): string[] {
  const posts: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === PAIRINGS) {
      posts.push(r.headers()['idempotency-key'] ?? '');
    }
  });
  return posts;
}

describe('Undo after deleting or discarding', () => {
  it('Messages: Undo brings a deleted message back; otherwise it is deleted', async () => {
    const title = `Undo me ${Date.now()}`;
    await sendMessageToAccount(browser, OLGA_ACCOUNT, title);
    const { context, page } = await signedInPage(browser, OLGA);
    const errors = trackPageErrors(page);
    await nav(page, 'Messages').click();
    const row = page.getByRole('button', { name: `Open message ${title}` });
    await row.waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: `Delete message ${title}` }).click();
    await row.waitFor({ state: 'detached' });
    const toast = page.getByRole('alert').filter({ hasText: `Message deleted: ${title}` });
    // At phone width the toast leaves the bottom navigation free, and a keyboard reaches Undo.
    const undo = toast.getByRole('button', { name: 'Undo', exact: true });
    await undo.waitFor();
    // Undo is shown whole, however long the title beside it.
    expect(
      await undo.evaluate((el) =>
        [el, ...el.querySelectorAll('*')].every((e) => e.scrollWidth <= e.clientWidth),
      ),
    ).toBe(true);
    const toastBox = (await toast.boundingBox())!;
    const navBox = (await mainNav(page).boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(navBox.y);
    expect(await tabTo(page, undo)).toBe(true);
    await page.keyboard.press('Enter');
    await row.waitFor();
    await toast.waitFor({ state: 'detached' });
    // Undone for good: the device no longer marks it for deletion, and the deletion that runs
    // when the undo time is up carries out only a marked one (its unit test moves the clock).
    const kept = await storedRows<{ title: string; deletingAt?: number }>(page, 'notifications');
    expect(kept.find((m) => m.title === title)?.deletingAt).toBeUndefined();
    expect(await row.count()).toBe(1);
    expect(await serverTitles(page)).toContain(title);

    // Deleted again and left alone, then away from Messages: deleted for good all the same.
    await page.getByRole('button', { name: `Delete message ${title}` }).click();
    await row.waitFor({ state: 'detached' });
    await nav(page, 'Home').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect
      .poll(() => serverTitles(page), { timeout: CARRIED_OUT_WITHIN + 10_000 })
      .not.toContain(title);
    await nav(page, 'Messages').click();
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    await networkSettled(page);
    expect(await row.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Offline & sync: Undo brings a discarded change back to send; otherwise it is never sent', async () => {
    const { context, page } = await signedInPage(browser, OLGA);
    const errors = trackPageErrors(page);
    const posts = pairingPosts(context);
    await swControlled(page);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };
    await nav(page, 'Settings').click();
    await page.getByRole('link', { name: 'Offline & sync', exact: true }).click();
    await page.getByRole('heading', { name: 'Offline & sync' }).waitFor();

    // Offline, two pairings wait: nothing can send them before the test says so.
    await context.setOffline(true);
    const kept = await queuePairing(page, me.id, '990000000000001');
    const dropped = await queuePairing(page, me.id, '990000000000002');
    // Written behind the app's back: the page reads them once it loads again.
    await page.reload();
    const card = (imei: string) => page.getByTestId('outbox-entry').filter({ hasText: imei });
    const toast = (imei: string) =>
      page
        .getByRole('alert')
        .filter({ hasText: `Change discarded: Pair DCU ${imei} with M5-111 90001` });
    const discard = async (imei: string) => {
      await card(imei).getByRole('button', { name: 'Discard' }).click();
      await page
        .getByRole('dialog', { name: 'Discard this change?' })
        .getByRole('button', { name: 'Discard change' })
        .click();
      await card(imei).waitFor({ state: 'detached' });
      await toast(imei).waitFor();
    };

    await discard('990000000000001');
    await toast('990000000000001').getByRole('button', { name: 'Undo' }).click();
    await card('990000000000001').getByText('Not tried yet').waitFor();
    const [back] = (await storedRows<{ id: string; discardingAt?: number }>(page, 'outbox')).filter(
      (e) => e.id === kept,
    );
    expect(back).toBeDefined();
    expect(back?.discardingAt).toBeUndefined();

    // Discarded, and the connection returns within its time to undo: the replay that follows
    // sends the change got back, and leaves the held one alone. Away from the page, the held
    // one goes once the time is up, never sent.
    await discard('990000000000002');
    await context.setOffline(false);
    await nav(page, 'Home').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect
      .poll(async () => (await storedRows<{ id: string }>(page, 'outbox')).map((e) => e.id), {
        timeout: CARRIED_OUT_WITHIN,
      })
      .not.toContain(dropped);
    await expect.poll(() => posts, { timeout: 30_000 }).toEqual([kept]);

    await nav(page, 'Settings').click();
    await page.getByRole('link', { name: 'Offline & sync', exact: true }).click();
    // Sent once, refused for good: it asks for attention, as any refused change does.
    await card('990000000000001').getByText('Tried 1 time').waitFor({ timeout: 30_000 });
    expect(await card('990000000000002').count()).toBe(0);
    expect(posts).toEqual([kept]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
