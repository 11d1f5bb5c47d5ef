import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  signIn,
  trackPageErrors,
  swControlled,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('offline shell', () => {
  it('reloads Home without network from the precache and the local profile', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, 'dana.tech@northfield.example');
    const me = await (await page.request.get('/api/v1/me')).json();
    await page.getByTestId('profile-card').getByText(me.contactEmail).waitFor();
    // The service worker must control the page before the network goes away.
    await swControlled(page);

    await context.setOffline(true);
    await page.reload();
    // The app's own Home, not the snapshot painted before it loads (both are in the page a moment).
    const card = page.locator('#root').getByTestId('profile-card');
    await card.getByText(me.contactEmail).waitFor();
    expect(await card.innerText()).toContain('Northfield Equipment');
    expect(new URL(page.url()).pathname).toBe('/home');

    // Home's other tabs load their code when first chosen: from the precache here.
    await page.getByRole('tab', { name: 'Knowledge' }).click();
    await page.getByText('No Search History').waitFor();
    await page.getByRole('tab', { name: 'Cases' }).click();
    await page.getByText('No Case History to Display').waitFor();
    await page.getByRole('tab', { name: 'Machines' }).click();
    await page.getByText('No Machine History').waitFor();

    // The other areas of the shell open offline too.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText(/Version 1\.0/).waitFor();
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tries a first install that lost a file again, so the open page works offline without a reload', async () => {
    const context = await newContext(browser);
    // A poor connection: one file the service worker precaches is lost on the way, once.
    const lost: string[] = [];
    await context.route('**/assets/**', (route) => {
      if (route.request().serviceWorker() && lost.length === 0) {
        lost.push(route.request().url());
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    // The sign-in screen is one page load: nothing but the retry registers again.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await swControlled(page);
    expect(lost).toHaveLength(1);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
