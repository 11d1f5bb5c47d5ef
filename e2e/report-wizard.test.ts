import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import {
  M1_PAGE,
  atStep,
  caseDetail,
  failureFromCatalogue,
  next,
  symptom,
  wizardInput,
} from './support/case-wizard';

/*
 * The create report wizard in Chromium against the real gateway (product §2 Create case or
 * report wizard, Account/contact step; §5 New contact): sam, internal, files a report for a
 * dealer with a new contact and reaches it with GO TO REPORT.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SAM = 'sam.staff@torque.example';

describe('create report wizard', () => {
  it('sam files a report for Northfield with a new contact; GO TO REPORT opens it', async () => {
    const { context, page } = await signedInPage(browser, SAM);
    const errors = trackPageErrors(page);
    await page.goto(M1_PAGE);
    await page.getByRole('button', { name: 'Create Report' }).click();
    const subject = `Baler knotter misses ${Date.now()}`;
    await symptom(page, subject);
    // A report has no suggestions step: from the problem straight to the parts.
    await failureFromCatalogue(page);

    await atStep(page, '3.5');
    await page.getByRole('heading', { name: 'Who is this Report for?' }).waitFor();
    // His own account is the default; he files for the dealer instead.
    const account = wizardInput(page, 'Account');
    expect(await account.inputValue()).not.toBe('');
    await account.fill('');
    await account.pressSequentially('Northfield');
    await page.getByRole('option', { name: 'Northfield Equipment' }).click();
    await expect.poll(() => account.inputValue()).toBe('Northfield Equipment');
    expect(await wizardInput(page, 'Contact').isEnabled()).toBe(true);

    await page.getByLabel('Create New Contact?').check();
    await next(page);
    await page.getByText('This field is required!').first().waitFor();
    await atStep(page, '3.5');
    const stamp = Date.now();
    const contact = { first: 'Rowan', last: `Tester${stamp}` };
    await wizardInput(page, 'First Name').pressSequentially(contact.first);
    await wizardInput(page, 'Last Name').pressSequentially(contact.last);
    await wizardInput(page, 'Phone Number').pressSequentially('(309) 555-0199');
    await wizardInput(page, 'Email').pressSequentially('rowan.tester');
    await next(page);
    await page.getByText('Must be in a valid email format').waitFor();
    await wizardInput(page, 'Email').fill('');
    await wizardInput(page, 'Email').pressSequentially(`rowan.${stamp}@northfield.example`);
    await next(page);

    // The report's form: Issue Information, then Environment Information, then Submit.
    await atStep(page, '4');
    await page.getByRole('heading', { name: 'Issue Information' }).waitFor();
    await wizardInput(page, 'Machine Hours/Bales').pressSequentially('860');
    await wizardInput(page, 'Symptom Description').pressSequentially('Every third knot is missed');
    await next(page);
    await atStep(page, '4.1');
    await page.getByRole('heading', { name: 'Environment Information' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();

    await atStep(page, '6');
    await page.getByText('Thank you for your submission').waitFor();
    const number = page.getByTestId('wizard-confirmation').locator('strong');
    await expect.poll(() => number.innerText()).toMatch(/^\d{8}$/);
    const reportNumber = await number.innerText();
    await page.getByRole('button', { name: 'GO TO REPORT' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/support/case/'));
    await page.getByText(subject).first().waitFor();

    // The new contact was made first, for the dealer, and the report names it.
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const report = await caseDetail(page, id);
    expect(report).toMatchObject({
      caseNumber: reportNumber,
      recordType: 'Report',
      accountName: 'Northfield Equipment',
      contactName: `${contact.first} ${contact.last}`,
      contactEmail: `rowan.${stamp}@northfield.example`,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('emptying or changing the account empties Contact and disables it until an account is chosen', async () => {
    const { context, page } = await signedInPage(browser, SAM);
    const errors = trackPageErrors(page);
    await page.goto(M1_PAGE);
    await page.getByRole('button', { name: 'Create Report' }).click();
    await symptom(page, `Baler twine breaks ${Date.now()}`);
    await failureFromCatalogue(page);
    await atStep(page, '3.5');
    const account = wizardInput(page, 'Account');
    const contact = wizardInput(page, 'Contact');
    // His own account is filled in: emptied first, then the dealer's is typed.
    await account.fill('');
    await account.pressSequentially('Northfield');
    await page.getByRole('option', { name: 'Northfield Equipment' }).click();
    await expect.poll(() => account.inputValue()).toBe('Northfield Equipment');
    await contact.pressSequentially('Dana');
    const option = page.getByRole('option').first();
    await option.waitFor();
    const name = (await option.innerText()).trim();
    await option.click();
    await expect.poll(() => contact.inputValue()).toBe(name);

    // Emptied, the account takes the contact with it.
    await account.fill('');
    await expect.poll(() => contact.inputValue()).toBe('');
    expect(await contact.isDisabled()).toBe(true);
    await page.getByText('Choose Account first').waitFor();
    await next(page);
    await atStep(page, '3.5');

    // Another account: Contact opens again, empty.
    await account.pressSequentially('Northfield');
    await page.getByRole('option', { name: 'Northfield Equipment' }).click();
    await expect.poll(() => contact.isEnabled()).toBe(true);
    expect(await contact.inputValue()).toBe('');
    // One key off the chosen name is another account: the contact waits again.
    await account.press('Backspace');
    await expect.poll(() => contact.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
