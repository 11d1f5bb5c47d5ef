import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  signIn,
  swControlled,
  trackPageErrors,
} from './support/browser';

const DANA = 'dana.tech@northfield.example';
const KEY = 'torque-home-snapshot';

declare global {
  interface Window {
    __painted?: string;
    __pwned?: boolean;
    __shifted?: number;
  }
}

// Before the page's own scripts: adds up the layout shifts the page makes (CLS, unscaled).
const RECORD_SHIFTS = `window.__shifted = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifted += e.value;
}).observe({ type: 'layout-shift', buffered: true });`;

// Before the page's own scripts: keeps the markup of the first painted snapshot, if any.
const RECORD_PAINT = `new MutationObserver((_, o) => {
  const box = document.getElementById('home-snapshot');
  if (box && window.__painted === undefined) { window.__painted = box.innerHTML; o.disconnect(); }
}).observe(document, { childList: true, subtree: true });`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stored = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY) as Promise<{
    userId: string;
    html: string;
  } | null>;

async function handedOver(page: Page) {
  // The painted copy keeps the card's test id: until the app has taken over, the card is there
  // twice (a busy machine shows that moment).
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-snapshot'));
  await page.getByTestId('profile-card').getByText(DANA).waitFor();
  expect(await page.locator('#home-snapshot').count()).toBe(0);
}

describe('Home snapshot', () => {
  it('paints the last Home offline before the app boots, then the app takes over', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, DANA);
    await page.getByTestId('profile-card').getByText(DANA).waitFor();
    await swControlled(page);
    await expect.poll(async () => (await stored(page))?.html ?? '').toContain(DANA);

    await context.addInitScript(RECORD_PAINT);
    await context.addInitScript(RECORD_SHIFTS);
    await context.setOffline(true);
    await page.reload();
    await handedOver(page);
    // The app takes over with the first tab's list already read: nothing on screen moves.
    await page.getByText('No Machine History').waitFor();
    expect(await page.evaluate(() => window.__shifted)).toBeLessThan(0.01);
    const painted = await page.evaluate(() => window.__painted ?? '');
    expect(painted).toContain(DANA);
    expect(painted).not.toMatch(/\sid="/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints a tampered snapshot only through its allowlist', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, DANA);
    await page.getByTestId('profile-card').getByText(DANA).waitFor();
    await expect.poll(async () => (await stored(page))?.html ?? '').toContain(DANA);
    await page.evaluate((key) => {
      const s = JSON.parse(localStorage.getItem(key)!);
      s.html =
        '<p id="x" onclick="window.__pwned=true">Tampered</p><img src="x" onerror="window.__pwned=true">' +
        '<script>window.__pwned=true</script><a href="https://evil.example/">far</a>' +
        '<iframe src="/home"></iframe><svg><a href="javascript:window.__pwned=true">j</a></svg>';
      s.sheets = ['https://evil.example/x.css'];
      localStorage.setItem(key, JSON.stringify(s));
    }, KEY);

    await context.addInitScript(RECORD_PAINT);
    await page.reload();
    await handedOver(page);
    const painted = await page.evaluate(() => window.__painted ?? '');
    expect(painted).toContain('Tampered');
    expect(painted).not.toMatch(/onclick|onerror|<script|<iframe|evil\.example|javascript:|id="x"/);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(await page.locator('link[href*="evil.example"]').count()).toBe(0);
    await context.close();
  });

  it('is gone after Log Out and after the session ends, so nobody else is shown it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, DANA);
    await page.getByTestId('profile-card').getByText(DANA).waitFor();
    await expect.poll(async () => (await stored(page))?.userId ?? null).not.toBeNull();

    // The gateway session ends behind the app's back: the next start drops the snapshot.
    await context.clearCookies();
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await stored(page)).toBeNull();

    await signIn(page, DANA);
    await page.getByTestId('profile-card').getByText(DANA).waitFor();
    await expect.poll(async () => (await stored(page))?.userId ?? null).not.toBeNull();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/logout');
    expect(await stored(page)).toBeNull();

    await context.addInitScript(RECORD_PAINT);
    await page.goto('/home');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => window.__painted)).toBeUndefined();
    await context.close();
  });
});
