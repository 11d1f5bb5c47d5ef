import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD } from './browser';

/*
 * A session that ends under an open screen, and the sign-in the app then asks for.
 */

/**
 * The session ends with nothing to renew it silently: no gateway cookie, no provider session,
 * no cached tokens.
 */
export async function endSessionForGood(context: BrowserContext, page: Page): Promise<void> {
  await context.clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);
}

/** Signs in as `email` through the provider's popup opened by the dialog's Sign in. */
export async function signInInPopup(
  context: BrowserContext,
  page: Page,
  email: string,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await popup.getByLabel('Email').pressSequentially(email);
  await popup.getByLabel('Password').pressSequentially(PASSWORD);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}
