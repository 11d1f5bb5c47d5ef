import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  PASSWORD,
  signIn,
  tokensInWebStorage,
  trackPageErrors,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sam on Dealer Lookup with a dealer name typed, ready to search. */
async function typedLookup(page: Page) {
  await signIn(
    page,
    'sam.staff@torque.example',
    '/support/sf/dealer/lookup',
    '/support/sf/dealer/lookup',
  );
  await page.getByLabel('Dealer Name').pressSequentially('Northfield');
}

// product §4 Sign-in (a 401 is handled): renew silently; where that fails, ask for sign-in again
// without leaving the screen or losing what was typed.
describe('a session that ends under an open screen', () => {
  it('is renewed silently: the request that met the 401 completes', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await typedLookup(page);

    // The gateway session ends behind the app's back (as at its TTL).
    expect((await page.request.post('/api/v1/auth/logout')).status()).toBe(204);
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);

    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: /Northfield Equipment/ }).waitFor();
    expect(await page.getByText('Sign in again').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/support/sf/dealer/lookup');
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
    expect(await tokensInWebStorage(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks to sign in again in a popup when it cannot, and keeps the screen and the typing', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await typedLookup(page);

    // Nothing left to renew with: no gateway session, no provider session, no cached tokens.
    await context.clearCookies();
    await page.evaluate(() => sessionStorage.clear());

    // Declined first: the screen says why nothing was found, and keeps the typing.
    await page.getByRole('button', { name: 'Search' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Sign in again' }).waitFor({ timeout: 30_000 });
    await modal.getByRole('button', { name: 'Not now' }).click();
    await page.getByText('Your session has ended. Sign in again to continue.').waitFor();
    expect(await page.getByLabel('Dealer Name').inputValue()).toBe('Northfield');

    await page.getByRole('button', { name: 'Search' }).click();
    await modal.getByRole('heading', { name: 'Sign in again' }).waitFor({ timeout: 30_000 });
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      modal.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await popup.getByLabel('Email').pressSequentially('sam.staff@torque.example');
    await popup.getByLabel('Password').pressSequentially(PASSWORD);
    await popup.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('link', { name: /Northfield Equipment/ }).waitFor({ timeout: 30_000 });
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Dealer Name').inputValue()).toBe('Northfield');
    expect(new URL(page.url()).pathname).toBe('/support/sf/dealer/lookup');
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
