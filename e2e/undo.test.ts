import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import { storedRows } from './support/device-db';

/*
 * Deleting a message and discarding a queued change: gone from the screen at once, a toast
 * offers Undo for a few seconds, Undo brings it back, otherwise it is carried out.
 */

const DANA = 'dana.tech@northfield.example';
const ADA = 'ada.admin@torque.example';
const PAIRINGS = '/api/v1/dcu/pairings';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** ada sends dana's dealer a message through the gateway, as the dashboard does. */
async function sendToDana(title: string): Promise<void> {
  const ada = await signedInPage(browser, ADA);
  const sent = await ada.page.request.post('/api/v1/notifications/send', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      execute: true,
      conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'D10417' }],
      message: {
        type: 'Knowledge',
        title,
        body: 'Front axle bulletin SB-M7-114.',
        knowledgeCategory: 'Bulletins',
        searchTerm: 'front axle',
      },
    },
  });
  expect(sent.status()).toBe(200);
  await ada.context.close();
}

function serverTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/notifications');
    const body = (await res.json()) as { notifications: { title: string }[] };
    return body.notifications.map((n) => n.title);
  });
}

/**
 * A DCU pairing the gateway refused once (an IMEI no machine has), as the pairing screen leaves
 * it: nothing sends it again until the user taps Retry, so the test decides when it goes.
 */
async function queuePairing(page: Page, ownerUserId: string, serial: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const row = {
    id,
    ownerUserId,
    kind: 'dcu-pairing',
    payload: {
      serialNumber: serial,
      modelNumber: 'M5-111',
      pin: `KBCM5111TNP0${serial}`,
      dcuPartNumber: 'DCU-4G-200',
      imeiNumber: '111111111111111',
      usageHours: '10',
    },
    summary: `Pair DCU 111111111111111 with M5-111 ${serial}`,
    status: 'needs-attention',
    attempts: 1,
    lastError: { status: 404, message: 'No machine has this DCU.' },
    dependsOn: [],
    createdAt: now,
    updatedAt: now,
    nextAttemptAt: now,
  };
  await page.evaluate(
    (r) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          tx.objectStore('outbox').put(r);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    row,
  );
  return id;
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
    await sendToDana(title);
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto('/messages');
    const row = page.getByRole('button', { name: `Open message ${title}` });
    await row.waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: `Delete message ${title}` }).click();
    await row.waitFor({ state: 'detached' });
    const toast = page.getByRole('alert').filter({ hasText: `Message deleted: ${title}` });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await row.waitFor();
    await toast.waitFor({ state: 'detached' });

    // Deleted again and left alone, then away from Messages: deleted for good all the same.
    await page.getByRole('button', { name: `Delete message ${title}` }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect.poll(() => serverTitles(page), { timeout: 30_000 }).not.toContain(title);
    await page.goto('/messages');
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await row.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Offline & sync: Undo brings a discarded change back to send; otherwise it is gone', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const posts = pairingPosts(context);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };
    const kept = await queuePairing(page, me.id, '41876');
    const dropped = await queuePairing(page, me.id, '41877');
    await page.goto('/settings/offline');
    const card = (serial: string) =>
      page.getByTestId('outbox-entry').filter({ hasText: `M5-111 ${serial}` });
    const toast = (serial: string) =>
      page
        .getByRole('alert')
        .filter({ hasText: `Change discarded: Pair DCU 111111111111111 with M5-111 ${serial}` });
    const discard = async (serial: string) => {
      await card(serial).getByRole('button', { name: 'Discard' }).click();
      await page
        .getByRole('dialog', { name: 'Discard this change?' })
        .getByRole('button', { name: 'Discard change' })
        .click();
      await card(serial).waitFor({ state: 'detached' });
      await toast(serial).waitFor();
    };

    await discard('41876');
    await toast('41876').getByRole('button', { name: 'Undo' }).click();
    await card('41876').getByText('Tried 1 time').waitFor();
    // Back as it was: Retry sends it, once.
    await card('41876').getByRole('button', { name: 'Retry' }).click();
    await card('41876').getByText('Tried 2 times').waitFor({ timeout: 30_000 });
    expect(posts).toEqual([kept]);

    // Discarded and left alone, then away from the page: gone once the time is up, never sent.
    await discard('41877');
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect
      .poll(async () => (await storedRows<{ id: string }>(page, 'outbox')).map((e) => e.id), {
        timeout: 30_000,
      })
      .not.toContain(dropped);
    await page.goto('/settings/offline');
    await card('41876').waitFor();
    expect(await card('41877').count()).toBe(0);
    expect(posts).toEqual([kept]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
