import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import { storedRows } from './support/device-db';

/*
 * product §2 Case detail: what was typed into "Post an update" and not saved is kept on the
 * device per case, there again when the case is opened again, and gone once it is saved.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const updateBox = (page: Page) =>
  page.getByRole('complementary', { name: 'Post an update' }).getByLabel('Update');

describe('Post an update, left unsaved', () => {
  it('is kept as the case draft, restored on return and cleared once saved', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: { id: string; status: string; caseNumber: string }[];
    };
    const [target, other] = list.cases.filter((c) => c.status === 'Created').slice(6, 8);
    const open = async (c: { id: string; caseNumber: string }) => {
      await page.goto(`/support/case/${c.id}`);
      await page.getByText(`Case ${c.caseNumber}`).waitFor();
    };

    await open(target!);
    const text = 'Replaced the pilot valve, testing under load';
    await updateBox(page).pressSequentially(text);
    // Leaves through the app's own navigation, straight after the last key.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/home');
    // Kept on the device (a full page load next must not cut the write short).
    await expect
      .poll(async () =>
        (await storedRows<{ caseId: string; text: string }>(page, 'updateDrafts')).map((d) => [
          d.caseId,
          d.text,
        ]),
      )
      .toEqual([[target!.id, text]]);

    await open(other!);
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await updateBox(page).inputValue()).toBe('');

    await open(target!);
    await expect.poll(() => updateBox(page).inputValue()).toBe(text);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => updateBox(page).inputValue()).toBe('');
    await page.getByTestId('feed-item').filter({ hasText: text }).waitFor({ timeout: 30_000 });

    await page.reload();
    await page.getByText(`Case ${target!.caseNumber}`).waitFor();
    await page.getByTestId('feed-item').filter({ hasText: text }).waitFor();
    expect(await updateBox(page).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
