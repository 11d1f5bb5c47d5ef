import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';

// The contexts of support/browser open at a phone's 412 px.
const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const M1 = '/support/machine/details/sn-52016/mn-M7-172';
const WIDTH = 412;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The distinct tops of a tab list's tabs: one row means one value. */
async function tabRows(list: Locator): Promise<number> {
  const tops = await list
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
  return new Set(tops).size;
}

/** Cells whose one word (no spaces) the browser broke over more than one line. */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cells) =>
    cells
      .filter((c) => /^\S+$/.test(c.textContent?.trim() ?? ''))
      .filter((c) => {
        const range = document.createRange();
        range.selectNodeContents(c);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return lines.size > 1;
      })
      .map((c) => c.textContent!.trim()),
  );
}

describe('at a phone 412 px wide', () => {
  it("the machine's tabs stay on one row, its chips take one column, the fault report fits", async () => {
    const { context, page } = await signedInPage(browser, SAM);
    const errors = trackPageErrors(page);
    await page.goto(M1);
    await page.getByTestId('machine-header').waitFor();
    const tabs = page.getByRole('tablist').first();
    await tabs.getByRole('tab', { name: 'Reports' }).waitFor();
    expect(await tabRows(tabs)).toBe(1);
    expect(
      await page.getByTestId('machine-chips').evaluate((c) => getComputedStyle(c).flexDirection),
    ).toBe('column');

    await page.getByRole('button', { name: 'Fault Codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fault Code Report' });
    const rows = dialog.getByTestId('fault-code-row');
    await rows.first().waitFor();
    const layout = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        const badge = cells.at(-1)!.querySelector('.mantine-Badge-label')!;
        const description = cells.at(-2)!;
        return {
          right: Math.max(...cells.map((c) => c.getBoundingClientRect().right)),
          badgeCut: badge.scrollWidth > badge.clientWidth,
          descriptionWidth: description.getBoundingClientRect().width,
        };
      }),
    );
    for (const row of layout) {
      // Every field on screen, the severity badge whole, the description on a readable line.
      expect(row.right).toBeLessThanOrEqual(WIDTH);
      expect(row.badgeCut).toBe(false);
      expect(row.descriptionWidth).toBeGreaterThan(200);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the knowledge tabs stay on one row and an article's code tables keep their words whole", async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto('/knowledge');
    const tabs = page.getByRole('tablist', { name: 'Categories' });
    await expect.poll(() => tabs.getByRole('tab').count()).toBe(4);
    expect(await tabRows(tabs)).toBe(1);

    await page
      .getByRole('searchbox', { name: 'Search knowledge' })
      .pressSequentially('Hydraulic pump flow lower than commanded');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('knowledge-result').first().getByRole('link').first().click();
    const body = page.getByTestId('article-body');
    await body.locator('table').first().waitFor();
    const cells = '[data-testid="article-body"] table :is(td, th)';
    expect(await page.locator(cells).count()).toBeGreaterThan(0);
    expect(await brokenWords(page, cells)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in the dark scheme, the black machine icons sit on a light plate', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    await page.goto('/settings');
    await page.getByText('Dark', { exact: true }).click();
    await page.goto(M1);
    const icon = page.getByTestId('machine-header').locator('img').first();
    await icon.waitFor();
    const background = await icon.evaluate((img) => getComputedStyle(img).backgroundColor);
    // Not transparent, and light: the icon's black lines need a light ground to show.
    const [r, g, b, a = 1] = background.match(/[\d.]+/g)!.map(Number);
    expect(a).toBeGreaterThan(0.9);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(200);
    await context.close();
  });
});
