import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  baseUrl,
  launchBrowser,
  signIn,
  trackPageErrors,
  swControlled,
  signedInPage,
} from './support/browser';

const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const M1 = '/support/machine/details/sn-52016/mn-M7-172';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tabNames = (page: Page) => page.getByRole('tab').allInnerTexts();
const filterSelect = (page: Page) => page.getByLabel('Filter').and(page.locator('input'));

describe('machine search by model and serial, and the detail', () => {
  it('as a dealer: typeahead auto-selects, detail shows header, chips, tabs, modals', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto('/support/machine/search');
    await page.getByLabel('Serial Number').pressSequentially('52016');
    await page.getByLabel('Model Number').and(page.locator('input')).pressSequentially('M7-172');
    await page.waitForURL((u) => u.pathname === M1);

    const header = page.getByTestId('machine-header');
    await header.waitFor();
    expect(await header.getByRole('heading').innerText()).toBe('M7-172 52016');
    expect(await header.innerText()).toContain('M7-172 Premium KVT Tractor');
    expect(await header.innerText()).toContain('PIN: KBCM7172VNP052016');
    expect(await page.getByTestId('machine-chips').innerText()).toContain('Has KTAC');
    expect(await page.getByTestId('stolen-banner').count()).toBe(0);
    expect(await page.getByText('Walter Hanson').first().isVisible()).toBe(true);
    expect(await page.getByText('Northfield Equipment').first().isVisible()).toBe(true);
    expect(await tabNames(page)).toEqual(['Bulletins', 'Warranty', 'Manuals', 'Claims', 'Cases']);

    // Warranty: the active policy in colour, the expired one grey.
    await page.getByRole('tab', { name: 'Warranty' }).click();
    const policies = page.getByTestId('policy-row');
    await policies.first().waitFor();
    const active = policies.filter({ hasText: 'Standard Warranty' });
    const expired = policies.filter({ hasText: 'Powertrain Extended' });
    expect(await active.getByText('Active').count()).toBe(1);
    expect(await expired.getByText('Expired').count()).toBe(1);
    await active.click();
    const policyModal = page.getByRole('dialog');
    await policyModal.getByText('Warranty End Date').waitFor();
    await page.keyboard.press('Escape');
    await policyModal.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Claims' }).click();
    expect(await page.getByTestId('claim-row').count()).toBe(2);
    await page.getByTestId('claim-row').first().click();
    await page.getByRole('dialog').getByText('Causal Part Number').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Fault codes from the machine's data, filtered by severity.
    await page.getByRole('button', { name: 'Fault Codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fault Code Report' });
    const rows = dialog.getByTestId('fault-code-row');
    await rows.first().waitFor();
    const all = await rows.count();
    const severities = await rows.locator('td:last-child').allInnerTexts();
    for (const s of ['High', 'Medium', 'Low']) expect(severities).toContain(s);
    const severity = dialog.getByTestId('severity-filter');
    await severity.getByText('High', { exact: true }).click();
    await expect.poll(() => rows.count()).toBeLessThan(all);
    const high = await rows.locator('td:last-child').allInnerTexts();
    expect(high.length).toBeGreaterThan(0);
    expect(new Set(high)).toEqual(new Set(['High']));
    await severity.getByText('All', { exact: true }).click();
    await expect.poll(() => rows.count()).toBe(all);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Major Components' }).click();
    const components = page.getByRole('dialog', { name: 'Major Components' });
    for (const c of ['Engine', 'Transmission', 'Front Axle']) {
      await components.getByText(c, { exact: true }).waitFor();
    }
    await page.keyboard.press('Escape');

    // Choose Activity for a dealer: Quality Report, no Create Report.
    const activity = page.getByTestId('choose-activity');
    expect(await activity.getByRole('button').allInnerTexts()).toEqual([
      'Create Case',
      'Machine Telematics Install',
      'Create Parts Prediction',
      'Quality Report',
    ]);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      activity.getByRole('button', { name: 'Quality Report' }).click(),
    ]);
    expect(popup.url()).toContain('model=M7-172');
    expect(popup.url()).toContain('serial=52016');
    await popup.close();

    // Home lists it as a recent machine.
    await page.goto('/home');
    await page.getByText('M7-172 · 52016').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('as staff: the Reports tab and Create Report show', async () => {
    const { context, page } = await signedInPage(browser, SAM);
    await page.goto(M1);
    await page.getByTestId('machine-header').waitFor();
    expect(await tabNames(page)).toEqual([
      'Bulletins',
      'Warranty',
      'Manuals',
      'Claims',
      'Cases',
      'Reports',
    ]);
    await page.getByRole('tab', { name: 'Reports' }).click();
    const activity = page.getByTestId('choose-activity');
    await activity.getByRole('button', { name: 'Create Report' }).waitFor();
    expect(await activity.getByRole('button', { name: 'Quality Report' }).count()).toBe(0);
    await context.close();
  });

  it('shows the stolen banner on L3560 70531, and Machine Not Found for an unknown machine', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    await page.goto('/support/machine/details/sn-70531/mn-L3560');
    const banner = page.getByTestId('stolen-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Listed as Stolen');
    expect(await banner.getByRole('link').getAttribute('href')).toMatch(/^tel:/);
    expect(await page.getByTestId('machine-chips').innerText()).toContain('Pre-Owned');

    await page.goto('/support/machine/details/sn-00000/mn-NOPE-1');
    await page.getByRole('alert').filter({ hasText: 'Machine Not Found' }).waitFor();
    await context.close();
  });
});

describe('machine search by customer and the machine list', () => {
  it('shows the product §5 messages before searching', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    await page.goto('/support/machine/search');
    await page.getByRole('button', { name: 'Machine Search by Customer' }).click();
    await page.getByRole('button', { name: 'Search by Model and Serial' }).waitFor();
    const search = page.getByRole('button', { name: 'Search', exact: true });
    const alert = page.getByRole('alert');

    await search.click();
    expect(await alert.innerText()).toBe('You must fill atleast one field');
    await page.getByLabel('First Name').pressSequentially('Walter');
    await search.click();
    expect(await alert.innerText()).toBe(
      'Searching by First Name alone is not supported. Please add another field.',
    );
    await page.getByLabel('First Name').fill('');
    await page.getByLabel('State').and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Minnesota' }).click();
    await search.click();
    expect(await alert.innerText()).toBe(
      'Searching only by State is not supported at this time. Please add another field.',
    );
    expect(new URL(page.url()).pathname).toBe('/support/machine/search');
    await context.close();
  });

  it('lists by last name; city + state pages 10 a page; the filter is fuzzy; View opens the machine', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    await page.goto('/support/machine/search');
    await page.getByRole('button', { name: 'Machine Search by Customer' }).click();
    await page.getByLabel('Last Name').pressSequentially('Hanson');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/support/machineResults');
    expect(new URL(page.url()).searchParams.get('lastName')).toBe('Hanson');
    await page.getByRole('heading', { name: 'Machine List' }).waitFor();
    const cards = page.getByTestId('machine-card');
    await cards.first().waitFor();
    // Machine 1 and the M5-111 machines are among the Hansons.
    await filterSelect(page).click();
    await page.getByRole('option', { name: 'Serial' }).click();
    for (const [serial, title] of [
      ['52016', 'M7-172 · 52016'],
      ['41876', 'M5-111 · 41876'],
    ] as const) {
      await page.getByRole('textbox', { name: 'Search' }).fill('');
      await page.getByRole('textbox', { name: 'Search' }).pressSequentially(serial);
      await expect.poll(() => cards.first().innerText()).toContain(title);
    }

    await page.goto('/support/machineResults?city=Northfield&state=MN');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    const total = Number((await page.getByTestId('machine-count').innerText()).split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(25);
    const firstPage = await cards.first().innerText();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => cards.first().innerText()).not.toBe(firstPage);
    expect(await cards.count()).toBe(10);

    // No search text until a filter is chosen; then fuzzy on that field only.
    expect(await page.getByRole('textbox', { name: 'Search' }).count()).toBe(0);
    await filterSelect(page).click();
    await page.getByRole('option', { name: 'Serial' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByRole('textbox', { name: 'Search' }).pressSequentially('41877');
    await expect.poll(() => cards.first().innerText()).toContain('M5-111 · 41877');
    await filterSelect(page).click();
    await page.getByRole('option', { name: 'Customer Name' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByRole('textbox', { name: 'Search' }).pressSequentially('Walter Hansen');
    await expect.poll(() => cards.first().innerText()).toContain('Walter Hanson');

    const card = cards.filter({ hasText: 'M5-111 · 41877' });
    await filterSelect(page).click();
    await page.getByRole('option', { name: 'Serial' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByRole('textbox', { name: 'Search' }).pressSequentially('41877');
    const view = card.getByRole('link', { name: 'View' });
    expect(await view.getAttribute('href')).toBe(
      '/support/machine/details/sn-41877/mn-M5-111/pin-KBCM5111TNP041877',
    );
    await view.click();
    await page.waitForURL(/\/support\/machine\/details\/sn-41877\/mn-M5-111/);
    expect(await page.getByTestId('machine-header').getByRole('heading').innerText()).toBe(
      'M5-111 41877',
    );
    await context.close();
  });
});

describe('a machine seen once opens offline', () => {
  it('after a reload without network, with Last updated', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto(M1);
    await page.getByTestId('machine-header').waitFor();
    await swControlled(page);
    expect(await page.getByTestId('last-updated').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('machine-header').waitFor();
    expect(await page.getByTestId('last-updated').innerText()).toMatch(/^Last updated /);
    expect(await tabNames(page)).toEqual(['Bulletins', 'Warranty', 'Manuals', 'Claims', 'Cases']);
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a browser restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'torque-e2e-profile-'));
    const launch = () =>
      chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
        baseURL: baseUrl(),
        viewport: { width: 412, height: 915 },
      });
    try {
      let context = await launch();
      let page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, DANA);
      await page.goto('/support/machine/details/sn-70531/mn-L3560');
      await page.getByTestId('machine-header').waitFor();
      await swControlled(page);
      await context.close();

      context = await launch();
      await context.setOffline(true);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/support/machine/details/sn-70531/mn-L3560');
      const header = page.getByTestId('machine-header');
      await header.waitFor();
      expect(await header.getByRole('heading').innerText()).toBe('L3560 70531');
      await page.getByTestId('stolen-banner').waitFor();
      await page.getByTestId('last-updated').waitFor();
      await context.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
