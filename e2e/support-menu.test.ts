import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const everyone = [
  'Machine Search',
  'Machine Telematic Install',
  'View Cases',
  'KU Information',
  'Keyless Master Password',
  'Predictions History',
  'My Dealer Contacts',
];

describe('support menu and role rules', () => {
  it('shows an external technician Product Delivery Inspection, not Dealer Lookup, with the confirm dialog', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'dana.tech@northfield.example');
    await page.getByRole('link', { name: 'Support' }).click();
    await page.waitForURL((u) => u.pathname === '/support');
    for (const name of everyone) await page.getByRole('button', { name }).waitFor();
    expect(await page.getByRole('button', { name: 'Dealer Lookup' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Product Delivery Inspection' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Open a new tab?').waitFor();
    await dialog
      .getByText('You are about to open a new tab and leave the product. Are you sure?')
      .waitFor();
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A fresh load of /support: the dialog must bring every stylesheet it renders with.
    await page.goto('/support');
    await page.getByRole('button', { name: 'Product Delivery Inspection' }).click();
    const fresh = page.getByRole('dialog');
    await fresh.getByText('Open a new tab?').waitFor();
    const close = await fresh.locator('.mantine-Modal-close').boundingBox();
    // A tap target on a phone: 44 px, and no larger than that.
    expect(close?.width).toBeLessThanOrEqual(44);
    expect(close?.height).toBeLessThanOrEqual(44);
    const title = await fresh.locator('.mantine-Modal-title').boundingBox();
    expect(title?.height).toBeLessThan(40);

    await fresh.getByLabel('Model').pressSequentially('M7-172');
    await fresh.getByLabel('Serial Number').pressSequentially('51234');
    const [opened] = await Promise.all([
      context.waitForEvent('request', (r) => r.url().includes('/support/machine/pdi/')),
      fresh.getByRole('button', { name: 'Allow' }).click(),
    ]);
    expect(new URL(opened.url()).pathname).toBe('/support/machine/pdi/sn-51234/mn-M7-172');

    // The internal-only screen is refused by URL, and by the gateway.
    await page.goto('/support/sf/dealer/lookup');
    await page.getByText('This screen is for internal users only.').waitFor();
    expect(await page.getByRole('button', { name: 'Search' }).count()).toBe(0);
    expect((await page.request.get('/api/v1/dealers?name=North')).status()).toBe(403);
    await context.close();
  });

  it('shows staff Dealer Lookup, not Product Delivery Inspection, and the lookup works', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'sam.staff@torque.example', '/support', '/support');
    for (const name of [...everyone, 'Dealer Lookup'])
      await page.getByRole('button', { name }).waitFor();
    expect(await page.getByRole('button', { name: 'Product Delivery Inspection' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Dealer Lookup' }).click();
    await page.waitForURL((u) => u.pathname === '/support/sf/dealer/lookup');
    // The form is there to be read before its button is tapped.
    await page.getByLabel('Dealer Name').waitFor();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Atleast one field is required').waitFor();
    await page.getByLabel('Dealer Name').pressSequentially('  northfield ');
    await page.getByRole('button', { name: 'Search' }).click();
    const result = page.getByRole('link', { name: /Northfield Equipment/ });
    await result.waitFor();
    const me = await (await page.request.get('/api/v1/dealers?name=Northfield')).json();
    expect(await result.getAttribute('href')).toBe(`/support/dealer/cases/${me.dealers[0].id}`);
    await context.close();
  });

  it('has a Call TSC phone link and the training page opens its links in new tabs', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'eli.tech@riverbend.example');
    const config = await (await page.request.get('/api/v1/config')).json();
    const call = page.getByRole('link', { name: /Call TSC/ });
    expect(await call.getAttribute('href')).toBe(`tel:${config.callTscNumber}`);

    await page.goto('/support/ku');
    for (const name of [
      'Certified Service Tech Course',
      'Service Courses Catalog',
      'Technician Certification Guide',
    ]) {
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name }).or(page.getByRole('button', { name })).click(),
      ]);
      await popup.waitForLoadState();
      expect(popup.url()).not.toBe(page.url());
      await popup.close();
    }
    await context.close();
  });
});
