import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
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

interface Me {
  username: string;
  contactName: string;
  accountName: string;
  contactEmail: string;
  contactPhone: string;
  kind: string;
}

describe('sign-in through the embedded provider', () => {
  it('signs dana in and shows her profile card and the 10-day password warning', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, 'dana.tech@northfield.example');

    const me = (await (await page.request.get('/api/v1/me')).json()) as Me;
    expect(me.kind).toBe('external');
    // The session is an httpOnly cookie; no token of the provider's stays readable.
    expect(await tokensInWebStorage(page)).toEqual([]);
    const cookie = (await context.cookies()).find((c) => c.name === 'torque_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(me.accountName).toBe('Northfield Equipment');
    const card = page.getByTestId('profile-card');
    await card.waitFor();
    const text = await card.innerText();
    for (const value of [
      me.contactName,
      me.accountName,
      'dana.tech',
      me.contactEmail,
      me.contactPhone,
    ]) {
      expect(value, 'a profile value is empty').toBeTruthy();
      expect(text).toContain(value);
    }
    expect(text).not.toContain('dana.tech@northfield.example'.replace('dana.tech', 'x'));

    const warning = page.getByText(
      /Your password will expire on \d{1,2}\/\d{1,2}\/\d{4}\. Please reset your password so you don't get locked out\./,
    );
    await warning.waitFor();
    expect(
      await page
        .getByRole('link', { name: 'RESET MY PASSWORD' })
        .or(page.getByRole('button', { name: 'RESET MY PASSWORD' }))
        .count(),
    ).toBe(1);
    expect(await page.getByText('For directions on reseting your password').count()).toBe(0);

    // Recent Activity reads the local tables; nothing has been viewed yet.
    await page.getByRole('tab', { name: 'Machines' }).click();
    await page.getByText('No Machine History').waitFor();
    await page.getByRole('tab', { name: 'Knowledge' }).click();
    await page.getByText('No Search History').waitFor();
    await page.getByRole('tab', { name: 'Cases' }).click();
    await page.getByText('No Case History to Display').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs sam in and shows the 160-day banner instead of the warning', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'sam.staff@torque.example');
    const me = (await (await page.request.get('/api/v1/me')).json()) as Me;
    expect(me.kind).toBe('internal');
    const text = await page.getByTestId('profile-card').innerText();
    expect(text).toContain('sam.staff');
    expect(text).toContain(me.contactEmail);
    await page
      .getByText(
        /Your password will expire on \d{1,2}\/\d{1,2}\/\d{4}\. For directions on reseting your password please review the following knowledge article\./,
      )
      .waitFor();
    expect(await page.getByText("so you don't get locked out").count()).toBe(0);
    await context.close();
  });

  it('refuses a wrong password on the provider page and keeps the typed email', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\//);
    await page.getByLabel('Email').pressSequentially('dana.tech@northfield.example');
    await page.getByLabel('Password').pressSequentially('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('dana.tech@northfield.example');
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
    await context.close();
  });
});

describe('the route guard', () => {
  it('sends a signed-out visitor of /support to /login and back to /support after sign-in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/support');
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'eli.tech@riverbend.example', page.url(), '/support');
    await page.getByRole('button', { name: 'Machine Search' }).waitFor();
    await context.close();
  });

  it('shows the login screen for an unknown path, and sends a signed-in user home', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByTestId('profile-card').count()).toBe(0);

    await signIn(page, 'eli.tech@riverbend.example');
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByTestId('profile-card').first().waitFor();
    await context.close();
  });

  it('logs out to /logout, ends the gateway session, and guards again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'eli.tech@riverbend.example');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/logout');
    await page
      .getByText(/signed out/i)
      .first()
      .waitFor();
    await page.getByText(/public computer/i).waitFor();
    const back = page.locator('a[href="/login"]');
    expect(await back.count()).toBeGreaterThan(0);

    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
    await page.goto('/home');
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });
});
