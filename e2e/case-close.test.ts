import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_STATUS, FORCED_CLOSED_STATUS, REOPENED_STATUS } from '../contract/cases';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { caseDetail, feedOf } from './support/case-wizard';
import { BACK_ONLINE_MS, storedRows } from './support/device-db';

/*
 * A safe close, as a technician does it without signal: Save Changes with the close ticked asks
 * "Close case …?", Cancel keeps what was typed; confirmed, the close waits on the device and is
 * sent once. On the Resolved case the form says an update reopens it; the update, also made
 * offline, reopens it (Updated) on the gateway. A Forced Closed case offers no close, says that
 * an update is added and the case stays closed, and keeps its status when the update is sent.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

interface StoredEntry {
  kind: string;
  status: string;
  payload: { caseId?: string };
}

const pendingFor = async (page: Page, caseId: string) =>
  (await storedRows<StoredEntry>(page, 'outbox')).filter(
    (e) => e.payload.caseId === caseId && e.status !== 'done',
  );

const statusOf = async (page: Page, caseId: string) => (await caseDetail(page, caseId)).status;

async function sentOnce(page: Page, caseId: string, text: string) {
  await expect.poll(() => pendingFor(page, caseId), { timeout: BACK_ONLINE_MS }).toEqual([]);
  await page
    .getByTestId('feed-item')
    .filter({ hasText: text })
    .waitFor({ timeout: BACK_ONLINE_MS });
  expect((await feedOf(page, caseId)).filter((i) => i.body === text)).toHaveLength(1);
}

describe('a safe close', () => {
  it('asks before closing, keeps the text on Cancel; an update reopens the Resolved case; offline', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    // An open case of her dealer's that no other journey writes to: the list's last Created one.
    const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: { id: string; status: string; caseNumber: string }[];
    };
    const target = list.cases.filter((c) => c.status === 'Created').at(-1)!;
    expect(target).toBeDefined();
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    await page.getByTestId('case-feed').or(page.getByText('No updates yet')).first().waitFor();

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    const panel = page.getByRole('complementary', { name: 'Post an update' });
    const closing = `Replaced the seal, closing ${Date.now()}`;
    await panel.getByLabel('Update').pressSequentially(closing);
    await panel.getByLabel('Close this case').check();
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog', { name: `Close case ${target.caseNumber}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing queued, nothing lost.
    expect(await panel.getByLabel('Update').inputValue()).toBe(closing);
    expect(await panel.getByLabel('Close this case').isChecked()).toBe(true);
    expect(await pendingFor(page, target.id)).toEqual([]);

    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('button', { name: 'Close case' }).click();
    await page.getByTestId('case-status').getByText(CLOSED_STATUS).waitFor();
    expect((await pendingFor(page, target.id)).map((e) => e.kind).sort()).toEqual([
      'case-close',
      'case-feed-item',
    ]);
    // Resolved on the device: the form says what an update will do, before it is sent.
    const notice = panel.getByTestId('reopen-notice');
    await notice
      .getByText('This case is Resolved. Saving an update reopens it (status Updated).')
      .waitFor();
    expect(await panel.getByLabel('Close this case').count()).toBe(0);

    await context.setOffline(false);
    await sentOnce(page, target.id, closing);
    expect(await statusOf(page, target.id)).toBe(CLOSED_STATUS);

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    const reopening = `The leak came back ${Date.now()}`;
    await panel.getByLabel('Update').pressSequentially(reopening);
    await notice.waitFor();
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    // No question for an update; the case shows Updated at once, waiting to send.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByTestId('case-status').getByText(REOPENED_STATUS).waitFor();
    await notice.waitFor({ state: 'detached' });
    await panel.getByLabel('Close this case').waitFor();

    await context.setOffline(false);
    await sentOnce(page, target.id, reopening);
    expect(await statusOf(page, target.id)).toBe(REOPENED_STATUS);
    await page.getByTestId('case-status').getByText(REOPENED_STATUS).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Forced Closed case takes an update and stays closed, and says so before it is sent', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: { id: string; status: string; caseNumber: string }[];
    };
    const target = list.cases.filter((c) => c.status === FORCED_CLOSED_STATUS).at(-1)!;
    expect(target).toBeDefined();
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    const panel = page.getByRole('complementary', { name: 'Post an update' });
    await panel
      .getByTestId('forced-closed-notice')
      .getByText(
        'This case is Forced Closed. An update is added to its feed; the case stays closed.',
      )
      .waitFor();
    expect(await panel.getByLabel('Close this case').count()).toBe(0);

    const text = `The customer asks again ${Date.now()}`;
    await panel.getByLabel('Update').pressSequentially(text);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await sentOnce(page, target.id, text);
    expect(await statusOf(page, target.id)).toBe(FORCED_CLOSED_STATUS);
    await page.getByTestId('case-status').getByText(FORCED_CLOSED_STATUS).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
