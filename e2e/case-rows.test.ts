import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseListRow } from '../contract/cases';
import { DEFAULT_CASE_STATUS_FILTER } from '../contract/cases';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';

/*
 * Case rows worth scanning, on a phone 412 px wide against the real gateway: a row shows the
 * subject, number, status, machine and the date of the last activity; the search box finds a
 * case by its number typed key by key; an update posted to an old case brings it to the top.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The dealer's list as the gateway orders it (no app code). */
async function gatewayList(page: Page): Promise<CaseListRow[]> {
  const res = await page.request.get('/api/v1/cases?limit=500');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { cases: CaseListRow[] }).cases;
}

/** A date as the rows show it, M/D/YYYY in the browser's own calendar. */
const rowDate = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const d = new Date(at);
    return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
  }, iso);

describe('case rows', () => {
  it('finds a case by its number typed key by key, and an update brings it to the top', async () => {
    const { context, page } = await signedInPage(browser, DANA, {
      viewport: { width: 412, height: 915 },
    });
    const errors = trackPageErrors(page);
    // The open case (shown under the default Status filter) with the oldest activity.
    const before = await gatewayList(page);
    const open = before.filter((c) =>
      (DEFAULT_CASE_STATUS_FILTER as readonly string[]).includes(c.status),
    );
    const target = open[open.length - 1]!;
    expect(open[0]!.id).not.toBe(target.id);
    expect(target.modelNumber && target.serialNumber).toBeTruthy();

    await page.goto('/support/cases');
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    const rows = page.getByTestId('case-row');
    await rows.first().waitFor();
    // The list starts with the newest activity, as the gateway sorts it.
    await expect.poll(() => rows.first().innerText()).toContain(open[0]!.caseNumber);

    await page.getByLabel('Model or Serial').pressSequentially(target.caseNumber);
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    const text = await row.innerText();
    expect(text).toContain(target.subject);
    expect(text).toContain(target.caseNumber);
    // The status chip is shown in capitals.
    expect(text.toLowerCase()).toContain(target.status.toLowerCase());
    expect(text).toContain(`${target.modelNumber} · ${target.serialNumber}`);
    expect(await row.getByTestId('case-row-activity').innerText()).toBe(
      await rowDate(page, target.lastActivityAt),
    );
    // The row fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      412,
    );

    // Post an update to it, as a technician does from the case.
    await row.click();
    await page.waitForURL((u) => u.pathname === `/support/case/${target.id}`);
    const note = `Checked again ${Date.now()}`;
    const panel = page.getByRole('complementary', { name: 'Post an update' });
    await panel.getByLabel('Update').pressSequentially(note);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/v1/cases/${target.id}/feed`);
          const items = ((await res.json()) as { items: { body: string }[] }).items;
          return items.filter((i) => i.body === note).length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.goto('/support/cases');
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    await expect
      .poll(() => rows.first().innerText(), { timeout: 15_000 })
      .toContain(target.caseNumber);
    const after = await gatewayList(page);
    expect(after[0]!.id).toBe(target.id);
    // Today's date, whether the row's time is this device's update or the gateway's answer.
    const today = await rowDate(page, after[0]!.lastActivityAt);
    await expect.poll(() => rows.first().getByTestId('case-row-activity').innerText()).toBe(today);
    // The rows on screen follow the gateway's last-activity order.
    const shownOrder = after
      .filter((c) => (DEFAULT_CASE_STATUS_FILTER as readonly string[]).includes(c.status))
      .slice(0, 5)
      .map((c) => c.caseNumber);
    for (const [i, number] of shownOrder.entries()) {
      expect(await rows.nth(i).innerText(), `row ${i + 1}`).toContain(number);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
