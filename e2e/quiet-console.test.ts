import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signIn, swControlled } from './support/browser';
import { networkSettled } from './support/settle';

// A quiet console is how the next real error gets noticed: the screens a user meets every
// day, signed out and offline, log no error or warning and no request of theirs fails.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors and warnings, failed requests and error answers, from now on. */
function listenForNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      noise.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => noise.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const path = new URL(r.url()).pathname;
    const error = r.failure()?.errorText;
    // The browser's own tab-icon fetch, cancelled when the user leaves the page: no failure.
    if (path === '/favicon.svg' && error === 'net::ERR_ABORTED') return;
    // The change feed's held ask, given up by the page as it goes offline or reloads. An ask
    // made while offline would fail otherwise (ERR_INTERNET_DISCONNECTED) and still count.
    const held = path === '/api/v1/changes' && new URL(r.url()).searchParams.has('wait');
    if (held && error === 'net::ERR_ABORTED') return;
    noise.push(`failed ${r.method()} ${path}: ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400)
      noise.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return noise;
}

describe('a quiet console', () => {
  it('on /login and the provider page, signed out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const noise = listenForNoise(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await networkSettled(page);
    // A reload, as a user coming back to the sign-in page does.
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await networkSettled(page);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\//);
    await page.getByLabel('Email').waitFor();
    await networkSettled(page);
    // The provider page names its icon, and the icon is there.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect((await page.request.get(icon!)).status()).toBe(200);
    expect(noise).toEqual([]);
    await context.close();
  });

  it('on a signed-out start at a signed-in screen: it goes to /login without asking', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const noise = listenForNoise(page);
    await page.goto('/home');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await networkSettled(page);
    expect(noise).toEqual([]);
    await context.close();
  });

  it('on Home offline, however long it stays open', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'dana.tech@northfield.example');
    await swControlled(page);
    // A machine seen online: Home lists it, with its icon, under Recent Activity.
    await page.goto('/support/machine/details/sn-52016/mn-M7-172');
    await page.getByTestId('machine-header').locator('img').first().waitFor();
    await page.goto('/home');
    await page.getByTestId('profile-card').first().waitFor();
    await networkSettled(page);

    // The page's clock is driven by the test: a minute of timers runs at once, no waiting.
    await page.clock.install();
    await context.setOffline(true);
    const noise = listenForNoise(page);
    await page.reload();
    await page.getByTestId('profile-card').first().waitFor();
    await page.clock.runFor(60_000);
    await networkSettled(page);
    expect(noise).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });
});
