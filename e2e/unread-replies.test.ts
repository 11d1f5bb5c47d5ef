import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnreadCasesResponse } from '../contract/case-reads';
import type { CaseListRow } from '../contract/cases';
import { startPushReceiver, type PushReceiver } from '../tests/gateway/push-receiver';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { rowOnList } from './support/case-history';
import { BACK_ONLINE_MS, storedRows } from './support/device-db';
import type { RunningGateway } from './support/gateway';
import { portFor } from './support/ports';
import { startSeededGateway } from './support/seeded-gateway';
import { deliverPush, registerPushDevice } from './support/push';
import { networkSettled } from './support/settle';

/*
 * Unread replies against the real gateway: the TSC (ada) answers one of dana's cases, and dana
 * sees it on the case's row and as a count on the Support tab; opening the case clears both,
 * for good (a reload asks the gateway again). Opened offline, the read mark waits in the outbox
 * and is sent once when the connection is back. The push the gateway sends about the reply
 * brings the marker and the count to a screen left open, without a reload: that test runs its
 * own gateway (its worker's E2E_PUSH_PORT, default 8193), which trusts a local push service whose decrypted
 * messages are handed to dana's service worker (headless Chromium has no push service).
 */

const DANA = 'dana.tech@northfield.example';
const ADA = 'ada.admin@torque.example';
const PHONE = { viewport: { width: 412, height: 915 } };
const PUSH_PORT = portFor('push');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Three of dana's open cases no other suite picks (status Updated, from the middle). */
async function targets(page: Page): Promise<[CaseListRow, CaseListRow, CaseListRow]> {
  const res = await page.request.get('/api/v1/cases?limit=500');
  const cases = ((await res.json()) as { cases: CaseListRow[] }).cases;
  const updated = cases.filter((c) => c.status === 'Updated');
  expect(updated.length).toBeGreaterThan(5);
  return [updated[2]!, updated[3]!, updated[4]!];
}

/** dana's unread cases as the gateway counts them (no app code). */
async function gatewayUnread(page: Page): Promise<UnreadCasesResponse> {
  const res = await page.request.get('/api/v1/cases/unread');
  expect(res.status()).toBe(200);
  return (await res.json()) as UnreadCasesResponse;
}

/** Opens the case once, so it is read, until the gateway agrees; answers the unread count. */
async function openedOnce(page: Page, c: CaseListRow): Promise<number> {
  await page.goto(`/support/case/${c.id}`);
  await page.getByText(`Case ${c.caseNumber}`).waitFor();
  await expect
    .poll(async () => (await gatewayUnread(page)).cases.map((u) => u.id))
    .not.toContain(c.id);
  return (await gatewayUnread(page)).count;
}

/** Ada, signed in as the TSC, answers the case from its screen, key by key. */
async function adaReplies(caseId: string, text: string, baseURL?: string): Promise<void> {
  const { context, page } = await signedInPage(browser, ADA, baseURL ? { baseURL } : {});
  await page.goto(`/support/case/${caseId}`);
  const panel = page.getByRole('complementary', { name: 'Post an update' });
  await panel.getByLabel('Update').pressSequentially(text);
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByTestId('feed-item').filter({ hasText: text }).waitFor({ timeout: 30_000 });
  await context.close();
}

const supportCount = (page: Page) =>
  page
    .getByTestId('support-unread-count')
    .innerText({ timeout: 1_000 })
    .catch(() => '');

describe('unread replies', () => {
  it("ada's reply marks dana's case and counts it on Support; opening it clears both for good", async () => {
    const { context, page } = await signedInPage(browser, DANA, PHONE);
    const errors = trackPageErrors(page);
    const [target] = await targets(page);
    // Dana has read it: opened once.
    const before = await openedOnce(page, target);

    await adaReplies(target.id, `The TSC answers: check the relief valve ${Date.now()}`);
    const after = await gatewayUnread(page);
    expect(after.count).toBe(before + 1);
    expect(after.cases[0]!.id).toBe(target.id);

    // Dana comes back to the app: the count on the Support tab and the marker on the row.
    await page.goto('/home');
    await expect.poll(() => supportCount(page)).toBe(String(after.count));
    // Home's Cases tab (cases opened here) shows the row as every case list does, marked.
    await page.getByRole('tab', { name: 'Cases' }).click();
    const recent = page.getByTestId('case-row').filter({ hasText: target.caseNumber });
    await recent.getByText('New reply').waitFor();
    const text = await recent.innerText();
    expect(text).toContain(target.subject);
    expect(text).toContain(`${target.modelNumber} · ${target.serialNumber}`);
    expect(text.toLowerCase()).toContain(target.status.toLowerCase());
    expect(await recent.getByTestId('case-row-activity').innerText()).toMatch(
      /^\d{1,2}\/\d{1,2}\/\d{4}$/,
    );
    const row = await rowOnList(page, target.caseNumber);
    await row.getByText('New reply').waitFor();

    await row.click();
    await page.waitForURL((u) => u.pathname === `/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    await expect.poll(() => supportCount(page)).toBe(before > 0 ? String(before) : '');
    await expect
      .poll(async () => (await gatewayUnread(page)).cases.map((c) => c.id))
      .not.toContain(target.id);

    // Read for good: after a reload the gateway's answer agrees.
    await page.reload();
    const again = await rowOnList(page, target.caseNumber);
    await expect.poll(() => supportCount(page)).toBe(String(before));
    expect(await again.getByText('New reply').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('opened offline, the read mark is sent once when the connection is back', async () => {
    const { context, page } = await signedInPage(browser, DANA, PHONE);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const [, target] = await targets(page);
    // Opened once, so the device keeps it; then the TSC answers.
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    await page.getByTestId('case-feed').or(page.getByText('No updates yet')).first().waitFor();
    await adaReplies(target.id, `Offline check from the TSC ${Date.now()}`);
    const unread = (await gatewayUnread(page)).count;

    await page.goto('/home');
    await expect.poll(() => supportCount(page)).toBe(String(unread));
    const row = await rowOnList(page, target.caseNumber);
    await row.getByText('New reply').waitFor();
    await networkSettled(page);

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    await row.click();
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    // Read on the device at once; the mark waits in the outbox.
    await expect.poll(() => supportCount(page)).toBe(unread > 1 ? String(unread - 1) : '');
    type Entry = { kind: string; status: string; attempts: number; payload: { id: string } };
    const marks = async () =>
      (await storedRows<Entry>(page, 'outbox'))
        .filter((e) => e.kind === 'case-read' && e.payload.id === target.id)
        .map((e) => [e.status, e.attempts]);
    await expect.poll(marks).toEqual([['retry', 0]]);
    expect((await gatewayUnread(page)).cases.map((c) => c.id)).toContain(target.id);

    await context.setOffline(false);
    // Done, and the gateway has it (below), however many tries the return took.
    await expect
      .poll(async () => (await marks()).map(([status]) => status), { timeout: BACK_ONLINE_MS })
      .toEqual(['done']);
    await expect
      .poll(async () => (await gatewayUnread(page)).cases.map((c) => c.id))
      .not.toContain(target.id);
    await page.goBack();
    const again = page.getByTestId('case-row').filter({ hasText: target.caseNumber });
    await again.waitFor();
    expect(await again.getByText('New reply').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  describe('pushed by the gateway', () => {
    let gateway: RunningGateway;
    let receiver: PushReceiver;
    beforeAll(async () => {
      receiver = await startPushReceiver();
      gateway = await startSeededGateway(PUSH_PORT, receiver.gatewayEnv);
    }, 180_000);
    afterAll(async () => {
      await gateway?.stop();
      await receiver?.close();
    });

    it("the gateway's push about ada's reply marks the row and raises the count on the open case list", async () => {
      const { context, page } = await signedInPage(browser, DANA, {
        ...PHONE,
        baseURL: gateway.url,
      });
      const errors = trackPageErrors(page);
      await swControlled(page);
      const subscription = await registerPushDevice(page, receiver);
      const [, , target] = await targets(page);
      // Read by dana, so only the reply below can mark it.
      const before = await openedOnce(page, target);
      const row = await rowOnList(page, target.caseNumber);
      await expect.poll(() => supportCount(page)).toBe(before > 0 ? String(before) : '');
      expect(await row.getByText('New reply').count()).toBe(0);
      // Left open from here on: a reload or a navigation would lose this.
      await page.evaluate(() => Object.assign(window, { stayedOpen: true }));
      const listUrl = page.url();

      await adaReplies(target.id, `The TSC answers on the open list ${Date.now()}`, gateway.url);
      expect((await gatewayUnread(page)).count).toBe(before + 1);
      // What the gateway pushed to dana's subscription, decrypted by the local push service.
      const pushedToDana = () =>
        receiver.received.filter((r) => r.subscription === subscription.endpoint);
      await expect.poll(() => pushedToDana().length, { timeout: 30_000 }).toBe(1);
      const pushed = pushedToDana()[0]!.payload;
      expect(pushed).toMatchObject({
        type: 'Case',
        title: `New reply on case ${target.caseNumber}`,
        recordId: target.id,
      });
      // The push service's last step: the message reaches dana's service worker.
      await deliverPush(context, page, pushed);

      await row.getByText('New reply').waitFor({ timeout: 15_000 });
      await expect.poll(() => supportCount(page)).toBe(String(before + 1));
      expect(await page.evaluate(() => 'stayedOpen' in window)).toBe(true);
      expect(page.url()).toBe(listUrl);
      // Only dana's device heard of it: ada wrote it and has none here.
      expect(receiver.received).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  });
});
