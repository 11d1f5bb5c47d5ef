import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseListRow } from '../contract/cases';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';

/*
 * The dealer's Case History keeps its Status selection and Model or Serial text in the
 * address: on a phone 412 px wide, Back from a case opened from a filtered, searched list, and a
 * reload after it, show the same chips, the same text and the same rows.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The dealer's list as the gateway has it (no app code). */
async function gatewayList(page: Page): Promise<CaseListRow[]> {
  const res = await page.request.get('/api/v1/cases?limit=500');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { cases: CaseListRow[] }).cases;
}

/** What the screen shows of the list: the chips, the text in the box, the rows' numbers. */
async function shown(page: Page) {
  const field = page.locator('.mantine-MultiSelect-root').filter({ hasText: 'Status' });
  const rows = await page.getByTestId('case-row').allInnerTexts();
  return {
    chips: await field.locator('.mantine-Pill-label').allInnerTexts(),
    text: await page.getByLabel('Model or Serial').inputValue(),
    rows: rows.map((r) => r.match(/\b\d{8}\b/)?.[0]),
    count: await page.getByTestId('case-count').innerText(),
  };
}

describe('Case History in the address', () => {
  it('Back from a case opened from a filtered, searched list, and a reload, show that list', async () => {
    const { context, page } = await signedInPage(browser, DANA, {
      viewport: { width: 412, height: 915 },
    });
    const errors = trackPageErrors(page);
    // A Resolved case: the default selection hides it, so a lost selection would lose its row.
    const resolved = (await gatewayList(page)).filter((c) => c.status === 'Resolved');
    expect(resolved.length).toBeGreaterThan(0);
    const target = resolved[resolved.length - 1]!;
    const typed = target.caseNumber.slice(0, -1);

    await page.goto('/support/cases');
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    const rows = page.getByTestId('case-row');
    await rows.first().waitFor();
    await expect
      .poll(() => page.getByTestId('case-count').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+ of \d+ cases$/);
    const entries = await page.evaluate(() => history.length);

    // With pills chosen Mantine hides the input under its wrapper: click where it is.
    await page.getByRole('combobox', { name: 'Status' }).click({ force: true });
    await page.getByRole('option', { name: 'Resolved', exact: true }).click();
    await page.keyboard.press('Escape');
    const box = page.getByLabel('Model or Serial');
    await box.pressSequentially(typed);
    // Every key is in the box, in order, and the address follows it.
    expect(await box.inputValue()).toBe(typed);
    await page.waitForURL((u) => u.searchParams.get('q') === typed, { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.getAll('status')).toContain('Resolved');
    // Choosing and typing replaced the list's entry: Back still leaves the list in one step.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    const row = rows.filter({ hasText: target.caseNumber });
    await row.waitFor({ timeout: 10_000 });
    // The rows follow the box a moment later on a busy phone: read them once they have.
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const before = await shown(page);
    expect(before.chips).toEqual(['Updated', 'Created', 'Awaiting Feedback', 'Resolved']);
    expect(before.text).toBe(typed);
    expect(before.rows).toContain(target.caseNumber);

    await row.click();
    await page.waitForURL((u) => u.pathname === `/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/support/cases');
    await rows.first().waitFor();
    await expect.poll(() => shown(page)).toEqual(before);

    await page.reload();
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    await rows.first().waitFor();
    await expect.poll(() => shown(page)).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
