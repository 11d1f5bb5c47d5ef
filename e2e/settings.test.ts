import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, signIn, swControlled } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('settings', () => {
  it('shows the user, the version, the privacy link, and keeps the colour scheme across reloads', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'dana.tech@northfield.example');
    const me = await (await page.request.get('/api/v1/me')).json();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((u) => u.pathname === '/settings');
    await page.getByText('dana.tech', { exact: true }).waitFor();
    await page.getByText(me.contactEmail).first().waitFor();
    await page.getByText(me.contactPhone).first().waitFor();
    await page.getByText(/Version 1\.0/).waitFor();
    const privacy = page.getByRole('link', { name: /privacy policy/i });
    expect(await privacy.getAttribute('target')).toBe('_blank');

    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    await page.getByText('Dark', { exact: true }).click();
    await expect.poll(scheme).toBe('dark');
    await page.reload();
    await page.getByText(/Version 1\.0/).waitFor();
    expect(await scheme()).toBe('dark');
    await page.getByText('Light', { exact: true }).click();
    await expect.poll(scheme).toBe('light');
    await context.close();
  });
});

describe('the session timer', () => {
  it('warns after 14 minutes without input and logs out 60 seconds later', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'eli.tech@riverbend.example');
    // Fake timers must be in place before the app's scripts start: install, then reload.
    await page.clock.install();
    await page.reload();
    await page.getByTestId('profile-card').first().waitFor();

    await page.clock.fastForward('13:50');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.clock.fastForward('00:15');
    const text =
      'Your Torque Web App Session is about to expire. Please continue using the app to avoid being logged out.';
    await page.getByRole('dialog').getByText(text).waitFor();

    // Continue keeps the session and restarts the 14 minutes.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.clock.fastForward('02:00');
    expect(new URL(page.url()).pathname).toBe('/home');

    await page.clock.fastForward('12:30');
    await page.getByRole('dialog').getByText(text).waitFor();
    await page.clock.fastForward('00:59');
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.clock.fastForward('00:02');
    await page.waitForURL((u) => u.pathname === '/logout');
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
    await context.close();
  });
});

describe('Log Out without a connection', () => {
  it('does not leave the next person signed in as the previous user', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'dana.tech@northfield.example');
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
    await swControlled(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText(/Version 1\.0/).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/logout');

    // Back online, someone else opens the app: the old cookie must not sign them in.
    await context.setOffline(false);
    await page.goto('/home');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(async () => (await page.request.get('/api/v1/me')).status()).toBe(401);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
