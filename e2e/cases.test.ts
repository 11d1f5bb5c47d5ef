import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_NOT_FOUND_MESSAGE, CLOSED_STATUS } from '../contract/cases';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { pagePolicy, watchCspViolations } from './support/csp';
import { storedRows } from './support/device-db';
import { makePhotos, PREPARED_PHOTO_NAMES } from './support/photos';

/*
 * Cases in Chromium against the real gateway: open a case from a machine, post text and two
 * photos (one a real HEIC) and close it, online and offline; the not-found message; the
 * dealer case list's filters; Dealer Lookup to a dealer's Case History; the organisation rule.
 */

const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const M1 = '/support/machine/details/sn-52016/mn-M7-172';
/** Machine 1's open Northfield case, and Riverbend's case on the same machine (the seed's). */
const M1_OPEN_CASE = { id: '500000000000000001', number: '00001001' };
const RIVERBEND_CASE = {
  id: '500000000000000003',
  number: '00001003',
  subject: 'Engine derate during regeneration',
};

let browser: Browser;
let dir: string;
let jpeg: string;
let heic: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'torque-e2e-cases-'));
  ({ jpeg, heic } = await makePhotos(dir));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface StoredEntry {
  id: string;
  kind: string;
  status: string;
  createdAt: number;
  payload: { caseId?: string };
}

/** The outbox as IndexedDB holds it (no app code). */
const outbox = (page: Page) => storedRows<StoredEntry>(page, 'outbox');

interface FeedItemJson {
  id: string;
  body: string;
  attachments: { name: string; contentType?: string; isImage: boolean }[];
}

async function feedOf(page: Page, caseId: string): Promise<FeedItemJson[]> {
  const res = await page.request.get(`/api/v1/cases/${caseId}/feed`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: FeedItemJson[] }).items;
}

async function statusOf(page: Page, caseId: string): Promise<string> {
  const res = await page.request.get(`/api/v1/cases/${caseId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { case: { status: string } }).case.status;
}

/** Fills the Post an update panel: text, the two photos (through the file chooser), close. */
async function postUpdate(page: Page, text: string) {
  const panel = page.getByRole('complementary', { name: 'Post an update' });
  await panel.getByLabel('Update').pressSequentially(text);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    panel.getByRole('button', { name: 'Upload' }).click(),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles([jpeg, heic]);
  // Both previews: the HEIC became a JPEG in the worker.
  await expect.poll(() => panel.getByTestId('upload-preview').count(), { timeout: 30_000 }).toBe(2);
  await panel.getByRole('img', { name: 'valve.jpg' }).waitFor();
  await panel.getByRole('img', { name: 'leak.jpg' }).waitFor();
  await panel.getByLabel('Close this case').check();
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close case' }).click();
  // Stored on the device: the panel empties and the feed shows the update at once.
  await expect.poll(() => panel.getByTestId('upload-preview').count()).toBe(0);
  expect(await panel.getByLabel('Update').inputValue()).toBe('');
}

/** The gateway holds exactly one feed item with `text`, both photos, and the case is Resolved. */
async function expectSent(page: Page, caseId: string, text: string) {
  const items = (await feedOf(page, caseId)).filter((i) => i.body === text);
  expect(items).toHaveLength(1);
  const names = items[0]!.attachments.map((a) => a.name).sort();
  expect(names).toEqual(PREPARED_PHOTO_NAMES);
  expect(items[0]!.attachments.every((a) => a.isImage)).toBe(true);
  expect(await statusOf(page, caseId)).toBe(CLOSED_STATUS);
}

const caseEntries = async (page: Page, caseId: string) =>
  (await outbox(page))
    .filter((e) => e.kind.startsWith('case-') && e.payload.caseId === caseId)
    .sort((a, b) => a.createdAt - b.createdAt);

describe('case detail', () => {
  it('opens from the machine Cases tab; text, a JPEG and a HEIC, and the close are sent once', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const violations = await watchCspViolations(page);
    // The page's policy refuses eval: the HEIC decoder runs in the photo worker's own.
    const policy = await pagePolicy(await page.goto(M1));
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    await page.getByTestId('machine-header').waitFor();
    await page.getByRole('tab', { name: 'Cases' }).click();
    await page.getByTestId('case-row').filter({ hasText: M1_OPEN_CASE.number }).click();
    await page.waitForURL((u) => u.pathname === `/support/case/${M1_OPEN_CASE.id}`);
    await page.getByRole('heading', { name: 'Hydraulic leak at loader valve' }).waitFor();
    await page.getByText(`Case ${M1_OPEN_CASE.number}`).waitFor();
    await page.getByRole('button', { name: 'Additional Details' }).waitFor();
    const before = (await feedOf(page, M1_OPEN_CASE.id)).length;

    const text = `Seal replaced, leak stopped ${Date.now()}`;
    await postUpdate(page, ` ${text}  `);
    // Sent: the status turns Resolved and the feed shows the item with its two images.
    await page.getByTestId('case-status').getByText(CLOSED_STATUS).waitFor();
    const sent = page.getByTestId('feed-item').filter({ hasText: text });
    await sent.waitFor({ timeout: 30_000 });
    await expect.poll(() => sent.getByRole('img').count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(async () => (await caseEntries(page, M1_OPEN_CASE.id)).map((e) => e.status))
      .toEqual(['done', 'done', 'done', 'done']);
    expect(await page.getByTestId('feed-item-queued').count()).toBe(0);
    await expectSent(page, M1_OPEN_CASE.id, text);
    expect(await feedOf(page, M1_OPEN_CASE.id)).toHaveLength(before + 1);
    // Closed: no close-case checkbox any more.
    expect(await page.getByLabel('Close this case').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('an update made offline waits on the device, then is sent once when back online', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    // An open Northfield case other than machine 1's.
    const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: { id: string; status: string; caseNumber: string }[];
    };
    const target = list.cases.find((c) => c.status === 'Created' && c.id !== M1_OPEN_CASE.id)!;
    expect(target).toBeDefined();
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    // Seen once: the case is on the device.
    await page.getByTestId('case-feed').or(page.getByText('No updates yet')).first().waitFor();
    const before = (await feedOf(page, target.id)).length;

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    const violations = await watchCspViolations(page);
    // Served by the service worker, the page keeps a policy without eval.
    expect(await pagePolicy(await page.reload())).not.toContain('unsafe-eval');
    await page.getByText(`Case ${target.caseNumber}`).waitFor({ timeout: 15_000 });
    await page.getByTestId('last-updated').waitFor();

    const text = `Offline note ${Date.now()}`;
    await postUpdate(page, text);
    const queued = page.getByTestId('feed-item-queued').filter({ hasText: text });
    await queued.getByText('Waiting to send').waitFor();
    // A tile's image follows its tile: its object URL is made once the tile has rendered.
    await expect.poll(() => queued.getByRole('img').count()).toBe(2);
    await page.getByTestId('case-status').getByText(CLOSED_STATUS).waitFor();
    const waiting = await caseEntries(page, target.id);
    expect(waiting.map((e) => e.kind)).toEqual([
      'case-file',
      'case-file',
      'case-feed-item',
      'case-close',
    ]);
    expect(waiting.every((e) => e.status !== 'done')).toBe(true);

    await context.setOffline(false);
    await expect
      .poll(async () => (await caseEntries(page, target.id)).map((e) => e.status), {
        timeout: 60_000,
      })
      .toEqual(['done', 'done', 'done', 'done']);
    // Nothing of hers is left to send.
    expect((await outbox(page)).filter((e) => e.status !== 'done')).toEqual([]);
    await page.getByTestId('feed-item').filter({ hasText: text }).waitFor();
    expect(await page.getByTestId('feed-item-queued').count()).toBe(0);
    await expectSent(page, target.id, text);
    expect(await feedOf(page, target.id)).toHaveLength(before + 1);
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('says a case is not found, and a dealer cannot open another dealer’s case by URL', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    await page.goto('/support/case/500999999999999999');
    await page.getByRole('alert').getByText(CASE_NOT_FOUND_MESSAGE).waitFor();
    // Opened by URL: Back goes to the case list.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/support/cases');

    // Riverbend's case on a machine Northfield services: not found, and none of its data.
    const riverbend = await page.request.get(`/api/v1/cases/${RIVERBEND_CASE.id}`);
    expect(riverbend.status()).toBe(404);
    expect(await riverbend.text()).not.toContain(RIVERBEND_CASE.subject);
    await page.goto(`/support/case/${RIVERBEND_CASE.id}`);
    await page.getByRole('alert').getByText(CASE_NOT_FOUND_MESSAGE).waitFor();
    expect(await page.getByText(RIVERBEND_CASE.subject).count()).toBe(0);
    await context.close();
  });
});

describe('case lists', () => {
  it('filters the dealer case list by status and finds a serial fuzzily', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto('/support/cases');
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    const rows = page.getByTestId('case-row');
    const count = page.getByTestId('case-count');
    await rows.first().waitFor();
    await expect.poll(() => count.innerText()).toMatch(/^\d+ of \d+ cases$/);
    const numbers = async () => (await count.innerText()).match(/^(\d+) of (\d+)/)!.slice(1);
    const [shownDefault, all] = (await numbers()).map(Number) as [number, number];
    // Northfield has at least 150 cases; the default hides Resolved and Forced Closed.
    expect(all).toBeGreaterThanOrEqual(150);
    expect(shownDefault).toBeLessThan(all);
    const defaultStatuses = new Set(await rows.locator('.mantine-Badge-root').allTextContents());
    for (const s of defaultStatuses)
      expect(['Updated', 'Created', 'Awaiting Feedback']).toContain(s);

    // Status: All shows every case.
    // With pills chosen Mantine hides the input under its wrapper: click where it is.
    const statusBox = page.getByRole('combobox', { name: 'Status' });
    const status = { click: () => statusBox.click({ force: true }) };
    await status.click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await expect.poll(async () => (await numbers())[0]).toBe(String(all));
    await page.keyboard.press('Escape');

    // Only Resolved: every row says so.
    await status.click();
    await page.getByRole('option', { name: 'Resolved', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => new Set(await rows.locator('.mantine-Badge-root').allTextContents()))
      .toEqual(new Set(['Resolved']));
    const resolved = Number((await numbers())[0]);
    expect(resolved).toBeGreaterThan(0);
    expect(resolved).toBeLessThan(all);

    // Model or Serial: a letter O for a zero still finds machine 1's cases (fuse.js), over All statuses.
    await status.click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Model or Serial').pressSequentially('52O16');
    await rows.filter({ hasText: M1_OPEN_CASE.number }).waitFor();
    await expect.poll(async () => Number((await numbers())[0])).toBeLessThan(all);
    await page.getByLabel('Model or Serial').fill('');
    await page.getByLabel('Model or Serial').pressSequentially('zzzzzzzz');
    await page.getByText('No Case History to Display').waitFor();
    expect(await rows.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff: Dealer Lookup leads to the dealer’s Case History, and a case opens from it', async () => {
    const { context, page } = await signedInPage(browser, SAM);
    const errors = trackPageErrors(page);
    await page.goto('/support/sf/dealer/lookup');
    await page.getByLabel('Dealer Name').pressSequentially('Riverbend');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: /Riverbend Tractor/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/support/dealer/cases/'));
    await page.getByRole('heading', { name: 'Case History' }).waitFor();
    const row = page.getByTestId('case-row').filter({ hasText: RIVERBEND_CASE.number });
    expect(await row.innerText()).toContain(RIVERBEND_CASE.subject);
    await row.click();
    await page.waitForURL((u) => u.pathname === `/support/case/${RIVERBEND_CASE.id}`);
    await page.getByRole('heading', { name: RIVERBEND_CASE.subject }).waitFor();
    // Viewed: it is in the Recent Cases panel of the next Case History.
    await page.goBack();
    await page
      .getByRole('complementary', { name: 'Recent Cases' })
      .getByText(RIVERBEND_CASE.number)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
