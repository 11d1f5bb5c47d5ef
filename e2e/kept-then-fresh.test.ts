import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { sendMessageToAccount } from './support/messages';

/*
 * A screen opened online shows what the device keeps first and then what the gateway has now:
 * the refresh waits for the kept data to be on screen, and must still come. The data is
 * changed behind the screen from another device of the gateway's users (a case closed, a
 * notification sent), then the screen is opened again as a full page load.
 */

const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const NORTHFIELD_ID = '001000000000000003';
/** Cases other tests and the benches open by number stay as they are. */
const LONG_CASE_NUMBER = '00001006';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * An init script recording, from navigation start, when each of `texts` first shows in the
 * page and when it is gone again after that.
 */
const watchTexts = (texts: string[]) => `(() => {
  const texts = ${JSON.stringify(texts)};
  window.__watch = {};
  new MutationObserver(() => {
    const body = document.body;
    if (!body) return;
    const shown = body.innerText;
    for (const text of texts) {
      const w = (window.__watch[text] ??= {});
      const here = shown.includes(text);
      if (here && w.shownAt === undefined) w.shownAt = performance.now();
      if (!here && w.shownAt !== undefined && w.goneAt === undefined) w.goneAt = performance.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface Watch {
  shownAt?: number;
  goneAt?: number;
}
const watched = async (page: Page, text: string): Promise<Watch> =>
  (await page.evaluate(
    (t) => (window as unknown as { __watch: Record<string, Watch> }).__watch[t],
    text,
  )) ?? {};

interface ListedCase {
  id: string;
  caseNumber: string;
  status: string;
  subject: string;
  serialNumber: string;
  modelNumber: string;
}

/** An open Northfield case no other test opens, as dana's list has it now. */
async function openCase(page: Page): Promise<ListedCase> {
  const res = await page.request.get('/api/v1/cases?limit=500');
  const { cases } = (await res.json()) as { cases: ListedCase[] };
  // The newest: on the list's first page.
  const target = cases.find(
    (c) => c.status === 'Awaiting Feedback' && c.caseNumber !== LONG_CASE_NUMBER && c.serialNumber,
  );
  expect(target).toBeDefined();
  return target!;
}

/** Closes a case from another signed-in device, as the product's Close this case does. */
async function closeFromAnotherDevice(id: string): Promise<void> {
  const other = await signedInPage(browser, DANA);
  const res = await other.page.request.post(`/api/v1/cases/${id}/close`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status()).toBe(200);
  await other.context.close();
}

/** A new page of `context` watching `texts`, opened on `path` as a full page load. */
async function openWatching(context: BrowserContext, path: string, ...texts: string[]) {
  const page = await context.newPage();
  await page.addInitScript(watchTexts(texts));
  await page.goto(path);
  return page;
}

describe('a screen opened online paints what is kept, then what the gateway has', () => {
  it('case list and Case History: a case closed elsewhere shows, then leaves the open list', async () => {
    const dana = await signedInPage(browser, DANA);
    const danaErrors = trackPageErrors(dana.page);
    await swControlled(dana.page);
    const target = await openCase(dana.page);
    await dana.page.goto('/support/cases');
    await dana.page.getByText(target.caseNumber).waitFor();

    // The machine's page with its Cases tab, seen once.
    const machinePath = `/support/machine/details/sn-${target.serialNumber}/mn-${target.modelNumber}`;
    await dana.page.goto(machinePath);
    await dana.page.getByRole('tab', { name: 'Cases' }).click();
    const record = (page: Page) =>
      page.getByTestId('case-row').filter({ hasText: target.caseNumber });
    await expect.poll(() => record(dana.page).innerText()).toMatch(/awaiting feedback/i);

    const sam = await signedInPage(browser, SAM);
    const samErrors = trackPageErrors(sam.page);
    await sam.page.goto(`/support/dealer/cases/${NORTHFIELD_ID}`);
    await sam.page.getByText(target.caseNumber).waitFor();

    // Dana's app is closed meanwhile: an open page follows the change feed and would read the
    // close before the screens below open, so they would have nothing stale to paint first.
    await dana.page.close();
    await closeFromAnotherDevice(target.id);

    // Dana's list: the kept row is painted, then the gateway's list (closed: not listed by
    // the default statuses) replaces it.
    const list = await openWatching(dana.context, '/support/cases', target.caseNumber);
    await expect
      .poll(async () => (await watched(list, target.caseNumber)).goneAt, { timeout: 30_000 })
      .toBeDefined();
    const seen = await watched(list, target.caseNumber);
    expect(seen.shownAt).toBeDefined();
    expect(seen.shownAt!).toBeLessThan(seen.goneAt!);
    expect(await list.getByText(target.caseNumber).count()).toBe(0);

    // Sam's Case History of the dealer lists every status: the row stays, now Resolved.
    const history = await openWatching(
      sam.context,
      `/support/dealer/cases/${NORTHFIELD_ID}`,
      target.caseNumber,
    );
    const row = history.getByTestId('case-row').filter({ hasText: target.caseNumber });
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toMatch(/resolved/i);
    expect((await watched(history, target.caseNumber)).shownAt).toBeDefined();

    // The machine page: its kept Cases tab, then the gateway's status.
    const machine = await openWatching(dana.context, machinePath, target.subject);
    await machine.getByRole('tab', { name: 'Cases' }).click();
    await expect.poll(() => record(machine).innerText(), { timeout: 30_000 }).toMatch(/resolved/i);

    expect(danaErrors).toEqual([]);
    expect(samErrors).toEqual([]);
    await dana.context.close();
    await sam.context.close();
  });

  it('case detail: the kept case shows while the gateway is slow to answer, then its closed status', async () => {
    const dana = await signedInPage(browser, DANA);
    const errors = trackPageErrors(dana.page);
    await swControlled(dana.page);
    const target = await openCase(dana.page);
    const path = `/support/case/${target.id}`;
    await dana.page.goto(path);
    const kept = dana.page.getByTestId('case-status');
    await expect.poll(() => kept.innerText()).toMatch(/awaiting feedback/i);

    // Closed meanwhile, as above: an open page would read the closed case before the one below
    // asks for it.
    await dana.page.close();
    await closeFromAnotherDevice(target.id);

    // A slow connection: the case's refresh and the session check are held until released.
    const held: string[] = [];
    /** When each was asked for (ms since the epoch, as the page's clock). */
    const askedAt = new Map<string, number>();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = (url: URL) =>
      url.pathname === `/api/v1/cases/${target.id}` || url.pathname === '/api/v1/auth/session';
    await dana.context.route(slow, async (route) => {
      const asked = new URL(route.request().url()).pathname;
      if (!askedAt.has(asked)) askedAt.set(asked, Date.now());
      held.push(asked);
      await released;
      await route.continue();
    });

    const page = await openWatching(dana.context, path, target.caseNumber);
    const status = page.getByTestId('case-status');
    // What the device keeps is on screen, and the gateway has been asked meanwhile.
    await expect.poll(() => status.innerText()).toMatch(/awaiting feedback/i);
    await expect.poll(() => held, { timeout: 30_000 }).toContain(`/api/v1/cases/${target.id}`);
    await expect.poll(() => held, { timeout: 30_000 }).toContain('/api/v1/auth/session');
    expect(await status.innerText()).toMatch(/awaiting feedback/i);
    // Both were asked for only once the kept case was painted: started with the page, their
    // answers were handled while the screen was still reading and painting what it keeps.
    const shownAt = (await watched(page, target.caseNumber)).shownAt!;
    const paintedAt = (await page.evaluate(() => performance.timeOrigin)) + shownAt;
    expect(askedAt.get(`/api/v1/cases/${target.id}`)).toBeGreaterThanOrEqual(paintedAt);
    expect(askedAt.get('/api/v1/auth/session')).toBeGreaterThanOrEqual(paintedAt);

    release();
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/resolved/i);
    await dana.context.unroute(slow);
    expect(errors).toEqual([]);
    await dana.context.close();
  });

  it('Messages: the kept messages show, then one sent meanwhile joins them', async () => {
    const dana = await signedInPage(browser, DANA);
    const errors = trackPageErrors(dana.page);
    await dana.page.goto('/messages');
    const kept = 'Welcome to push notifications';
    await dana.page.getByText(kept).waitFor();

    const title = `Kept then fresh ${Date.now()}`;
    await sendMessageToAccount(browser, 'D10417', title);

    const page = await openWatching(dana.context, '/messages', kept, title);
    await page.getByText(title).waitFor({ timeout: 30_000 });
    const [before, fresh] = [await watched(page, kept), await watched(page, title)];
    expect(before.shownAt!).toBeLessThan(fresh.shownAt!);
    expect(errors).toEqual([]);
    await dana.context.close();
  });
});
