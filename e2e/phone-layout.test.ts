import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';

// The contexts of support/browser open at a phone's 412 px.
const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const ADA = 'ada.admin@torque.example';
const M1 = '/support/machine/details/sn-52016/mn-M7-172';
const WIDTH = 412;
/** A touch phone: its context as the contexts of support/browser, with touch. */
const TOUCH = { hasTouch: true, isMobile: true };
/** Northfield's open case on machine 1: one update carries two photos (or more, once posted to). */
const M1_CASE = '/support/case/500000000000000001';

/** The open dialog's title. */
function dialogTitle(page: Page): Promise<string> {
  return page.locator('.mantine-Modal-title').innerText();
}

/** Whether a tap at the centre of `target` lands on it (on screen, nothing above it). */
async function tappable(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const size = page.viewportSize()!;
  if (x < 0 || y < 0 || x > size.width || y > size.height) return false;
  return target.evaluate(
    (el, [px, py]) => {
      const hit = document.elementFromPoint(px!, py!);
      return !!hit && (el === hit || el.contains(hit));
    },
    [x, y],
  );
}

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
    // One layout for every row: each labelled value starts where the one above it does.
    const columns = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td[data-label]')]
          .map((td) => Math.round(td.getBoundingClientRect().left))
          .join(),
      ),
    );
    expect(new Set(columns).size).toBe(1);
    // And a code is never broken over two lines (an EP code at its dash).
    const codes = '[data-testid="fault-code-row"] td[data-label]';
    expect(await page.locator(codes).count()).toBeGreaterThan(0);
    expect(await brokenWords(page, codes)).toEqual([]);
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

  it("the image viewer's controls are on screen, Previous and Next stop at the ends, the bottom navigation is dimmed", async () => {
    const { context, page } = await signedInPage(browser, DANA, TOUCH);
    const errors = trackPageErrors(page);
    await page.goto(M1_CASE);
    await page
      .getByRole('button', { name: /^Enlarge / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('image-viewer').getByRole('img').waitFor();
    await expect.poll(() => dialogTitle(page)).toMatch(/\(1 of \d+\)$/);
    // Other journeys on this gateway may have added photos to the case: two at least.
    const count = Number(/of (\d+)\)$/.exec(await dialogTitle(page))![1]);
    expect(count).toBeGreaterThanOrEqual(2);
    // Mantine's opening transition ends before anything is measured.
    await page.waitForFunction(() => {
      const content = document.querySelector('.mantine-Modal-content');
      return !!content && content.getAnimations().length === 0;
    });
    for (const name of ['Previous', 'Zoom out', 'Zoom in', 'Next']) {
      // A tap at the button's centre reaches the button: on screen, and nothing over it.
      expect(await tappable(page, dialog.getByRole('button', { name, exact: true }))).toBe(true);
    }
    expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
    // The bottom navigation lies under the dialog's overlay, dimmed and out of reach.
    const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
    expect(await tappable(page, nav)).toBe(false);

    for (let i = 2; i <= count; i++) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => dialogTitle(page)).toMatch(new RegExp(`\\(${i} of ${count}\\)$`));
    }
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Dealer Contacts shows a card per contact: the phone on one line, the division on screen', async () => {
    const { context, page } = await signedInPage(browser, DANA, TOUCH);
    const errors = trackPageErrors(page);
    await page.goto('/support/DealerContacts');
    const phone = page.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ }).first();
    await phone.waitFor();
    const phones = await page
      .getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })
      .evaluateAll((links) =>
        links.map((a) => {
          const range = document.createRange();
          range.selectNodeContents(a);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
      );
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((lines) => lines === 1)).toBe(true);
    // Every value of every contact, the Division's included, lies within the screen.
    const cells = page.getByTestId('dealer-contact-field');
    expect(await cells.count()).toBeGreaterThan(0);
    const rights = await cells.evaluateAll((els) =>
      els.map((e) => Math.round(e.getBoundingClientRect().right)),
    );
    expect(Math.max(...rights)).toBeLessThanOrEqual(WIDTH);
    // The division of each contact is on screen under its name.
    const divisions = await page
      .locator('[data-testid="dealer-contact-field"][data-label="Division"]')
      .evaluateAll((tds) =>
        tds.map((td) => ({
          label: getComputedStyle(td, '::before').content,
          right: td.getBoundingClientRect().right,
        })),
      );
    expect(divisions.length).toBeGreaterThan(0);
    for (const d of divisions) {
      expect(d.label).toBe('"Division"');
      expect(d.right).toBeLessThanOrEqual(WIDTH);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTH,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Notification History shows a card per send: every value, the Timestamp's too, on screen", async () => {
    const { context, page } = await signedInPage(browser, ADA, TOUCH);
    const errors = trackPageErrors(page);
    await page.goto('/support/notifdashboard');
    await page.getByRole('tab', { name: 'History' }).click();
    const cells = page.getByTestId('notification-history').locator('td');
    await cells.first().waitFor();
    const layout = await cells.evaluateAll((tds) =>
      tds.map((td) => ({
        label: getComputedStyle(td, '::before').content,
        right: Math.round(td.getBoundingClientRect().right),
        text: td.textContent,
      })),
    );
    const timestamps = layout.filter((c) => c.label === '"Timestamp"');
    expect(timestamps.length).toBeGreaterThan(0);
    for (const t of timestamps) expect(t.text).toMatch(/ ago$/);
    expect(Math.max(...layout.map((c) => c.right))).toBeLessThanOrEqual(WIDTH);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTH,
    );
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
