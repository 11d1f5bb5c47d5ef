import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnreadCasesResponse } from '../contract/case-reads';
import type { CaseListRow } from '../contract/cases';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import { repliesOn } from './support/case-history';

/*
 * The device follows the gateway while it is visible and online, with push off (headless
 * Chromium has no push service): sam replies on one of dana's cases and dana's open Case
 * History marks the row and raises the Support count within 10 s, with no reload and no
 * navigation. Hidden or offline, the page asks nothing; shown again or back online, it asks at
 * once and catches up.
 */

const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const PHONE = { viewport: { width: 412, height: 915 } };
/** Within this of the reply's commit a visible, online device shows it (held ask + reads). */
const FOLLOW_MS = 10_000;
/** Hidden or offline for two of these, nothing is asked (a held ask is given up at once). */
const INTERVAL_MS = 5_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Three of dana's open cases no other suite picks (status Updated, past those it takes). */
async function targets(page: Page): Promise<[CaseListRow, CaseListRow, CaseListRow]> {
  const res = await page.request.get('/api/v1/cases?limit=500');
  const cases = ((await res.json()) as { cases: CaseListRow[] }).cases;
  const updated = cases.filter((c) => c.status === 'Updated');
  expect(updated.length).toBeGreaterThan(11);
  return [updated[6]!, updated[7]!, updated[9]!];
}

async function gatewayUnread(page: Page): Promise<UnreadCasesResponse> {
  const res = await page.request.get('/api/v1/cases/unread');
  expect(res.status()).toBe(200);
  return (await res.json()) as UnreadCasesResponse;
}

/** Dana opens the case once, so only a later reply can mark it. */
async function readOnce(page: Page, c: CaseListRow): Promise<void> {
  await page.goto(`/support/case/${c.id}`);
  await page.getByText(`Case ${c.caseNumber}`).waitFor();
  await expect
    .poll(async () => (await gatewayUnread(page)).cases.map((u) => u.id))
    .not.toContain(c.id);
}

const supportCount = (page: Page) =>
  page
    .getByTestId('support-unread-count')
    .innerText({ timeout: 1_000 })
    .catch(() => '');

/** Emulates the app going to the background or coming back, as the browser tells a page. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

describe('following the gateway without push', () => {
  it("sam's reply reaches dana's open Case History and Support count within 10 s; hidden or offline, nothing is asked; shown or back online, it catches up", async () => {
    const dana = await signedInPage(browser, DANA, PHONE);
    const errors = trackPageErrors(dana.page);
    const sam = await signedInPage(browser, SAM, PHONE);
    const [first, second, third] = await targets(dana.page);
    await readOnce(dana.page, first);
    await readOnce(dana.page, second);
    await readOnce(dana.page, third);
    const before = (await gatewayUnread(dana.page)).count;

    // Dana's Case History, found as a person does; left open from here on.
    await dana.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Support' })
      .click();
    await dana.page.getByRole('button', { name: 'View Cases' }).click();
    await dana.page.getByRole('heading', { name: 'Case History' }).waitFor();
    const rowOf = (c: CaseListRow) =>
      dana.page.getByTestId('case-row').filter({ hasText: c.caseNumber });
    const filter = dana.page.getByLabel('Model or Serial');
    await filter.pressSequentially(first.caseNumber);
    await rowOf(first).waitFor();
    await expect.poll(() => supportCount(dana.page)).toBe(before > 0 ? String(before) : '');
    expect(await rowOf(first).getByText('New reply').count()).toBe(0);
    await dana.page.evaluate(() => Object.assign(window, { stayedOpen: true }));
    const listPath = new URL(dana.page.url()).pathname;
    let polls = 0;
    dana.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/changes') polls++;
    });

    const committed = await repliesOn(
      sam.page,
      first.id,
      `Sam answers the open list ${Date.now()}`,
    );
    const left = () => Math.max(1, FOLLOW_MS - (Date.now() - committed));
    await rowOf(first).getByText('New reply').waitFor({ timeout: left() });
    await expect.poll(() => supportCount(dana.page), { timeout: left() }).toBe(String(before + 1));

    await filter.clear();
    await filter.pressSequentially(second.caseNumber);
    await rowOf(second).waitFor();
    expect(await rowOf(second).getByText('New reply').count()).toBe(0);

    // Hidden: not one ask, for two intervals, though sam replies on the second case.
    await setVisibility(dana.page, 'hidden');
    const hiddenAt = Date.now();
    const asked = polls;
    await repliesOn(sam.page, second.id, `Sam answers while dana is away ${Date.now()}`);
    await expect
      .poll(
        () => (polls > asked ? 'asked' : Date.now() - hiddenAt > 2 * INTERVAL_MS ? 'quiet' : ''),
        { timeout: 4 * INTERVAL_MS },
      )
      .toBe('quiet');
    expect(await rowOf(second).getByText('New reply').count()).toBe(0);

    // Shown again: it asks at once, not at the next interval, and the reply shows.
    const catchUp = dana.page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/v1/changes',
      {
        timeout: INTERVAL_MS / 2,
      },
    );
    await setVisibility(dana.page, 'visible');
    await catchUp;
    await rowOf(second).getByText('New reply').waitFor({ timeout: FOLLOW_MS });
    await expect.poll(() => supportCount(dana.page)).toBe(String(before + 2));

    // Offline: not one ask, though sam replies on the third; back online, it catches up.
    await filter.clear();
    await filter.pressSequentially(third.caseNumber);
    await rowOf(third).waitFor();
    await dana.context.setOffline(true);
    const offlineAt = Date.now();
    const askedOnline = polls;
    await repliesOn(sam.page, third.id, `Sam answers while dana has no signal ${Date.now()}`);
    await expect
      .poll(
        () =>
          polls > askedOnline ? 'asked' : Date.now() - offlineAt > 2 * INTERVAL_MS ? 'quiet' : '',
        { timeout: 4 * INTERVAL_MS },
      )
      .toBe('quiet');
    expect(await rowOf(third).getByText('New reply').count()).toBe(0);
    await dana.context.setOffline(false);
    await rowOf(third).getByText('New reply').waitFor({ timeout: FOLLOW_MS });
    await expect
      .poll(() => supportCount(dana.page), { timeout: FOLLOW_MS })
      .toBe(String(before + 3));

    expect(await dana.page.evaluate(() => 'stayedOpen' in window)).toBe(true);
    // Still the list (its address follows the search box typed into above).
    expect(new URL(dana.page.url()).pathname).toBe(listPath);
    expect(errors).toEqual([]);
    await dana.context.close();
    await sam.context.close();
  }, 180_000);

  it("Home's Recent Activity follows sam's reply and a close made on another device within 10 s", async () => {
    const dana = await signedInPage(browser, DANA, PHONE);
    const errors = trackPageErrors(dana.page);
    const sam = await signedInPage(browser, SAM, PHONE);
    const res = await dana.page.request.get('/api/v1/cases?limit=500');
    const updated = ((await res.json()) as { cases: CaseListRow[] }).cases.filter(
      (c) => c.status === 'Updated',
    );
    // Past the cases the other suites take; closed here, it leaves those before it in place.
    const c = updated[11]!;
    await readOnce(dana.page, c);

    // Home, as a person gets there, with Recent Activity's Cases tab open from here on.
    await dana.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await dana.page.getByRole('tab', { name: 'Cases' }).click();
    const row = dana.page.getByTestId('case-row').filter({ hasText: c.caseNumber });
    await expect.poll(() => row.innerText()).toMatch(/updated/i);
    expect(await row.getByText('New reply').count()).toBe(0);

    const replied = await repliesOn(sam.page, c.id, `Sam answers on Home ${Date.now()}`);
    await row
      .getByText('New reply')
      .waitFor({ timeout: Math.max(1, FOLLOW_MS - (Date.now() - replied)) });

    const other = await signedInPage(browser, DANA, PHONE);
    const closed = await other.page.request.post(`/api/v1/cases/${c.id}/close`, {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    const closedAt = Date.now();
    await other.context.close();
    await expect
      .poll(() => row.innerText(), { timeout: Math.max(1, FOLLOW_MS - (Date.now() - closedAt)) })
      .toMatch(/resolved/i);

    expect(errors).toEqual([]);
    await dana.context.close();
    await sam.context.close();
  }, 120_000);
});
