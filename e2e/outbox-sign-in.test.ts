import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PASSWORD, signedInPage, trackPageErrors } from './support/browser';
import { storedRows } from './support/device-db';

/*
 * product §4 Offline-first: a write that meets an ended session asks the user to sign in at
 * once, from the screen that is open; after signing in the write is sent, once.
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
  kind: string;
  status: string;
  payload: { caseId?: string };
}

async function feedBodies(page: Page, caseId: string): Promise<string[]> {
  const res = await page.request.get(`/api/v1/cases/${caseId}/feed`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { body: string }[] }).items.map((i) => i.body);
}

/** One of Dana's open cases, opened on its detail screen. */
async function openCase(page: Page, pick: number): Promise<string> {
  const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
    cases: { id: string; status: string; caseNumber: string }[];
  };
  const target = list.cases.filter((c) => c.status === 'Created')[pick]!;
  expect(target).toBeDefined();
  await page.goto(`/support/case/${target.id}`);
  await page.getByText(`Case ${target.caseNumber}`).waitFor();
  await page.getByTestId('case-feed').or(page.getByText('No updates yet')).first().waitFor();
  return target.id;
}

/**
 * The session ends with nothing to renew it silently: no gateway cookie, no provider session,
 * no cached tokens (as e2e/session-renewal.test.ts does).
 */
async function endSession(context: BrowserContext, page: Page) {
  await context.clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);
}

async function postText(page: Page, text: string) {
  const panel = page.getByRole('complementary', { name: 'Post an update' });
  await panel.getByLabel('Update').pressSequentially(text);
  await panel.getByRole('button', { name: 'Save Changes' }).click();
}

/** Signs in through the provider's popup opened by the dialog's Sign in. */
async function signInInPopup(context: BrowserContext, page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await popup.getByLabel('Email').pressSequentially(DANA);
  await popup.getByLabel('Password').pressSequentially(PASSWORD);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}

async function expectSentOnce(page: Page, caseId: string, text: string) {
  const sent = page.getByTestId('feed-item').filter({ hasText: text });
  await sent.waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('feed-item-queued').count()).toBe(0);
  await expect
    .poll(async () =>
      (await storedRows<StoredEntry>(page, 'outbox'))
        .filter((e) => e.payload.caseId === caseId)
        .map((e) => e.status),
    )
    .toEqual(['done']);
  expect((await feedBodies(page, caseId)).filter((b) => b === text)).toHaveLength(1);
  await expect.poll(() => page.getByTestId('sync-status').getByRole('img').count()).toBe(0);
}

describe('a write made after the session ended', () => {
  it('asks to sign in at once on the open screen, then is sent once', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const caseId = await openCase(page, 2);
    await endSession(context, page);

    const text = `Checked the valve after the session ended ${Date.now()}`;
    await postText(page, text);
    // Asked here, without any other screen loading data.
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/support/case/${caseId}`);
    await page.getByTestId('feed-item-queued').filter({ hasText: text }).waitFor();

    await signInInPopup(context, page);
    await expectSentOnce(page, caseId, text);
    expect(new URL(page.url()).pathname).toBe(`/support/case/${caseId}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('declined, it waits with a labelled count; Offline & sync offers Sign in, and it is sent once', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const caseId = await openCase(page, 3);
    await endSession(context, page);

    const text = `Pressure test passed ${Date.now()}`;
    await postText(page, text);
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByTestId('sync-status')
      .getByRole('img', { name: '1 change waiting to send' })
      .waitFor();

    await page.getByTestId('sync-status').click();
    await page.getByRole('heading', { name: 'Offline & sync' }).waitFor();
    const entry = page.getByTestId('outbox-entry').filter({ hasText: 'Waiting for sign-in' });
    await entry.getByRole('button', { name: 'Sign in' }).click();
    await signInInPopup(context, page);
    await page.getByText('Nothing is waiting to be sent.').waitFor({ timeout: 30_000 });

    await page.goto(`/support/case/${caseId}`);
    await expectSentOnce(page, caseId, text);
    expect(errors).toEqual([]);
    await context.close();
  });
});
