import type { Browser, Locator, Page } from 'playwright-core';
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
const SAM = 'sam.staff@torque.example';
const NORTHFIELD_ID = '001000000000000003';
/** The browser's own link colours: a row drawn in them looks like a raw link. */
const LINK_BLUE = 'rgb(0, 0, 238)';
const VISITED_PURPLE = 'rgb(85, 26, 139)';

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

/**
 * How the first case row of the screen is drawn: every text in it (subject, number, machine,
 * date, status chip) with its underline and colour, and the page's own text colour.
 */
async function firstRowLook(page: Page) {
  const row = page.getByTestId('case-row').first();
  await row.waitFor();
  return row.evaluate((link) => {
    const parts = [link, ...link.querySelectorAll('*')].map((el) => {
      const style = getComputedStyle(el);
      return {
        text: (el as HTMLElement).innerText?.trim() ?? '',
        underline: style.textDecorationLine.includes('underline'),
        color: style.color,
      };
    });
    return { parts, bodyColor: getComputedStyle(document.body).color };
  });
}

async function expectDrawnAsRow(page: Page, screen: string) {
  const { parts, bodyColor } = await firstRowLook(page);
  expect(
    parts.filter((p) => p.underline),
    screen,
  ).toEqual([]);
  for (const p of parts) {
    expect([LINK_BLUE, VISITED_PURPLE], `${screen}: ${p.text}`).not.toContain(p.color);
  }
  // The row itself reads in the page's text colour, as the machine's Cases tab draws it.
  expect(parts[0]!.color, screen).toBe(bodyColor);
}

/** A Created case of dana's dealer no other test opens by position. */
async function createdCase(page: Page, index: number): Promise<CaseListRow> {
  const created = (await gatewayList(page)).filter(
    (c) => c.status === 'Created' && c.serialNumber && c.modelNumber,
  );
  expect(created.length).toBeGreaterThan(index);
  return created[index]!;
}

describe('case rows', () => {
  it('are drawn as rows, not links, on every case list', async () => {
    const dana = await signedInPage(browser, DANA, { viewport: { width: 412, height: 915 } });
    const errors = trackPageErrors(dana.page);
    const target = await createdCase(dana.page, 22);
    // Opened once: it is a visited link and a recent case.
    await dana.page.goto(`/support/case/${target.id}`);
    await dana.page.getByText(`Case ${target.caseNumber}`).waitFor();

    await dana.page.goto('/support/cases');
    await dana.page.getByRole('heading', { name: 'Case History' }).waitFor();
    await expectDrawnAsRow(dana.page, 'Case History');

    await dana.page.getByRole('link', { name: 'Home' }).first().click();
    await dana.page.waitForURL((u) => u.pathname === '/home');
    await dana.page.getByRole('tab', { name: 'Cases' }).click();
    await expectDrawnAsRow(dana.page, 'Home, Recent Activity, Cases');

    const machine = `/support/machine/details/sn-${target.serialNumber}/mn-${target.modelNumber}`;
    await dana.page.goto(machine);
    await dana.page.getByRole('tab', { name: 'Cases' }).click();
    await expectDrawnAsRow(dana.page, "the machine's Cases tab");
    expect(errors).toEqual([]);
    await dana.context.close();

    const sam = await signedInPage(browser, SAM, { viewport: { width: 412, height: 915 } });
    const samErrors = trackPageErrors(sam.page);
    await sam.page.goto(`/support/dealer/cases/${NORTHFIELD_ID}`);
    await sam.page.getByRole('heading', { name: 'Case History' }).waitFor();
    await expectDrawnAsRow(sam.page, "a dealer's Case History");
    expect(samErrors).toEqual([]);
    await sam.context.close();
  }, 120_000);

  it('Back from a case opened on page 2 comes back to that page and row', async () => {
    const { context, page } = await signedInPage(browser, DANA, {
      viewport: { width: 412, height: 915 },
    });
    const errors = trackPageErrors(page);
    await page.goto('/support/cases');
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    const rows = page.getByTestId('case-row');
    await rows.first().waitFor();
    const numberIn = async (row: Locator) => (await row.innerText()).match(/\b\d{8}\b/)![0];
    const firstOnPage1 = await numberIn(rows.first());
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    // The router moves the address first and draws the page in a transition after it.
    await expect.poll(() => numberIn(rows.first())).not.toBe(firstOnPage1);
    // A loaded phone may take a few seconds to draw the page and settle its scroll.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const count = await rows.count();
    expect(count).toBeGreaterThan(10);
    // The 31st row of page 2 (or its last, were the page shorter).
    const number = await numberIn(rows.nth(Math.min(30, count - 1)));
    const row = rows.filter({ hasText: number });
    await row.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Let the scroll settle before reading where it stopped.
    const scrolledTo = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = -1;
          const check = () => {
            if (window.scrollY === last) resolve(last);
            else {
              last = window.scrollY;
              setTimeout(check, 100);
            }
          };
          check();
        }),
    );
    await row.click();
    await page.waitForURL((u) => u.pathname.startsWith('/support/case/'));
    await page.getByText(`Case ${number}`).waitFor();

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/support/cases');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    // The row opened is on screen again where it was.
    const box = await rows.filter({ hasText: number }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(915);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("Home's Recent Activity shows the status the case has now, not the one it had when opened", async () => {
    const { context, page } = await signedInPage(browser, DANA, {
      viewport: { width: 412, height: 915 },
    });
    const errors = trackPageErrors(page);
    const target = await createdCase(page, 20);
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('tab', { name: 'Cases' }).click();
    const recent = page.getByTestId('case-row').filter({ hasText: target.caseNumber });
    await expect.poll(() => recent.innerText()).toMatch(/\bcreated\b/i);

    // Resolved from another device of hers.
    const other = await signedInPage(browser, DANA);
    const closed = await other.page.request.post(`/api/v1/cases/${target.id}/close`, {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(closed.status()).toBe(200);
    await other.context.close();

    // Case History fetches the list again: resolved, the case leaves the open list.
    await page.goto('/support/cases');
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    await page.getByTestId('case-row').first().waitFor();
    // The whole list is in: no "loading…" after the count.
    await expect
      .poll(() => page.getByTestId('case-count').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+ of \d+ cases$/);
    await expect
      .poll(() => page.getByTestId('case-row').filter({ hasText: target.caseNumber }).count(), {
        timeout: 30_000,
      })
      .toBe(0);

    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('tab', { name: 'Cases' }).click();
    await expect.poll(() => recent.innerText()).toMatch(/\bresolved\b/i);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

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
    await expect.poll(() => rows.first().innerText()).toContain(target.caseNumber);
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
