import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnreadCasesResponse } from '../contract/case-reads';
import {
  launchBrowser,
  newContext,
  signIn,
  signedInPage,
  trackPageErrors,
} from './support/browser';

/*
 * product §2 Messages with push off (headless Chromium has no push service): the device follows
 * the gateway's change feed, so a message an administrator sends shows on dana's open Messages
 * screen, marked Unread, and in the app badge within 10 s, long before the screen's own 20 s
 * poll would ask, and with no reload.
 */

const DANA = 'dana.tech@northfield.example';
const ADA = 'ada.admin@torque.example';
/** Within this of the send's commit a visible, online device shows it (held ask + one read). */
const FOLLOW_MS = 10_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The app badge's last number, as the browser was asked to show it (0: cleared). */
const appBadge = (page: Page) =>
  page.evaluate(() => (window as unknown as { appBadge?: number }).appBadge);

/**
 * What the badge should show, as the gateway counts it (no app code): dana's unread messages
 * and her cases with replies not seen.
 */
async function gatewayBadge(page: Page): Promise<number> {
  const messages = await page.request.get('/api/v1/notifications');
  const cases = await page.request.get('/api/v1/cases/unread');
  const { notifications } = (await messages.json()) as { notifications: { read: boolean }[] };
  const unread = (await cases.json()) as UnreadCasesResponse;
  return notifications.filter((n) => !n.read).length + unread.count;
}

/** ada sends a Knowledge message to everyone of dana's dealer, as the dashboard does. */
async function adaSends(ada: Page, title: string): Promise<number> {
  const sent = await ada.request.post('/api/v1/notifications/send', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      execute: true,
      conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'D10417' }],
      message: {
        type: 'Knowledge',
        title,
        body: 'Hydraulic filter bulletin SB-M7-120.',
        knowledgeCategory: 'Bulletins',
        searchTerm: 'hydraulic filter',
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { count: number }).count).toBeGreaterThan(0);
  return Date.now();
}

describe('Messages follow the gateway without push', () => {
  it("ada's message shows on dana's open Messages screen and in the badge within 10 s", async () => {
    const ada = await signedInPage(browser, ADA);
    const context = await newContext(browser);
    // The badge is the browser's to draw: what the app asks it to show is recorded instead.
    await context.addInitScript(() => {
      const record = (n: number) => {
        (window as unknown as { appBadge?: number }).appBadge = n;
        return Promise.resolve();
      };
      Object.defineProperty(Navigator.prototype, 'setAppBadge', {
        configurable: true,
        value: (n?: number) => record(n ?? 0),
      });
      Object.defineProperty(Navigator.prototype, 'clearAppBadge', {
        configurable: true,
        value: () => record(0),
      });
    });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const followed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/changes' && r.ok(),
    );
    await signIn(page, DANA);
    // The device has its cursor: it follows from here.
    await followed;

    // Dana opens Messages from the main tabs, and leaves it open; it reads its list once.
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/notifications' && r.ok(),
    );
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    await listed;
    // Settled: the badge counts what the gateway has before the message is sent.
    const before = await gatewayBadge(page);
    await expect.poll(() => appBadge(page), { timeout: FOLLOW_MS }).toBe(before);
    let loads = 0;
    page.on('load', () => loads++);

    const title = `Filter bulletin ${Date.now()}`;
    const committed = await adaSends(ada.page, title);
    const left = () => Math.max(1, FOLLOW_MS - (Date.now() - committed));
    const row = page.getByRole('button', { name: `Open message ${title}` });
    await row.waitFor({ timeout: left() });
    await row.getByText('Unread').waitFor({ timeout: left() });
    await expect.poll(() => appBadge(page), { timeout: left() }).toBe(before + 1);
    expect(await gatewayBadge(page)).toBe(before + 1);

    expect(loads).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/messages');
    expect(errors).toEqual([]);
    await context.close();
    await ada.context.close();
  }, 120_000);
});
