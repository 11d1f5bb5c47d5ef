import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, swControlled } from './support/browser';
import { BACK_ONLINE_MS, storedRows } from './support/device-db';
import { networkSettled } from './support/settle';

/*
 * product §4 Offline-first: a write made without signal waits on the device; nothing is tried
 * while the device knows it is offline (each try could only fail, with an error in the
 * console), and it is sent once when the connection returns.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface StoredEntry {
  status: string;
  attempts: number;
  payload: { caseId?: string };
}

const entriesOf = async (page: Page, caseId: string) =>
  (await storedRows<StoredEntry>(page, 'outbox')).filter((e) => e.payload.caseId === caseId);

describe('a write made offline', () => {
  it('is not tried while offline, logs nothing, and is sent once back online', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    await swControlled(page);
    const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: { id: string; status: string; caseNumber: string }[];
    };
    const target = list.cases.filter((c) => c.status === 'Created')[5]!;
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    await page.getByTestId('case-feed').or(page.getByText('No updates yet')).first().waitFor();
    await networkSettled(page);

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    // From here on: an ask the page made while still online (its change feed follows the
    // gateway, holding an ask open) is given up when the page learns it is offline.
    const noise: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') noise.push(m.text());
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) noise.push(`${r.method()} ${r.url()}`);
    });

    const text = `Offline check ${Date.now()}`;
    const panel = page.getByRole('complementary', { name: 'Post an update' });
    await panel.getByLabel('Update').pressSequentially(text);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByTestId('feed-item-queued')
      .filter({ hasText: text })
      .getByText('Waiting to send')
      .waitFor();
    // Marked as held up for want of a connection, without a try.
    await expect
      .poll(async () => (await entriesOf(page, target.id)).map((e) => [e.status, e.attempts]))
      .toEqual([['retry', 0]]);
    expect(noise).toEqual([]);

    await context.setOffline(false);
    await page
      .getByTestId('feed-item')
      .filter({ hasText: text })
      .waitFor({ timeout: BACK_ONLINE_MS });
    // Done, and on the gateway once (below), however many tries the return took.
    await expect
      .poll(async () => (await entriesOf(page, target.id)).map((e) => e.status))
      .toEqual(['done']);
    const feed = (await (await page.request.get(`/api/v1/cases/${target.id}/feed`)).json()) as {
      items: { body: string }[];
    };
    expect(feed.items.filter((i) => i.body === text)).toHaveLength(1);
    await context.close();
  });
});
