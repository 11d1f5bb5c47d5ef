import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newContext, PASSWORD, trackPageErrors } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the app opened at another address than PUBLIC_URL', () => {
  it('moves to PUBLIC_URL, and signing in there lands signed in', async () => {
    const publicUrl = new URL(baseUrl());
    // The same server by IP: PUBLIC_URL names localhost.
    const other = new URL(baseUrl());
    other.hostname = '127.0.0.1';
    const context = await newContext(browser, { baseURL: other.origin });
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    await page.goto(`${other.origin}/login`);
    await page.waitForURL((u) => u.origin === publicUrl.origin && u.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\//);
    await page.getByLabel('Email').pressSequentially('dana.tech@northfield.example');
    await page.getByLabel('Password').pressSequentially(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.origin === publicUrl.origin && u.pathname === '/home', {
      timeout: 30_000,
    });
    const card = page.getByTestId('profile-card');
    await expect.poll(() => card.innerText()).toContain('dana.tech');
    expect(errors).toEqual([]);
    await context.close();
  });
});
