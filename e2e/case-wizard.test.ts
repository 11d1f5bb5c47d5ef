import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';

/*
 * The create case wizard in Chromium against the real gateway (product §2 Create case or report
 * wizard, §4 Wizard): dana files a full case online and reaches it with GO TO CASE.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DANA = 'dana.tech@northfield.example';

describe('create case wizard', () => {
  it('dana files a case online and GO TO CASE shows it', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto('/support/machine/details/sn-52016/mn-M7-172');
    await page.getByRole('button', { name: 'Create Case' }).click();
    await page.getByLabel('Subject').fill('Engine stalls when hot (wizard e2e)');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Solve Request' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    // Required labels carry a star: match the start of the label, inputs only.
    const field = (label: string) =>
      page
        .locator('input, textarea')
        .and(page.getByLabel(new RegExp(`^${label.replace('/', '\\/')}`)));
    await field('Assembly').fill('Engine');
    await field('Sub Assembly').fill('Fuel System');
    await field('Causal Part').fill('8765 Fuel Injector');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Machine Information').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Machine Hours is required.').waitFor();
    await field('Machine Hours/Bales').fill('1200');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Issue Information').waitFor();
    await field('Symptom Description').fill('Stalls after an hour');
    await field('Description').fill('It stalls when hot');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Message').fill('First message from the wizard');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you for your submission').waitFor();
    await page.getByRole('button', { name: 'GO TO CASE' }).click({ timeout: 15_000 });
    await page.waitForURL(/\/support\/case\//);
    await page.getByText('Engine stalls when hot (wizard e2e)').first().waitFor();
    await page.getByText('First message from the wizard').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
