import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import {
  M1_PAGE,
  atStep,
  caseDetail,
  failureFromCatalogue,
  next,
  suggestionsShown,
  wizardInput,
} from './support/case-wizard';

/*
 * Typing into the wizard's dynamic form as a person does, key by key, in Chromium against the
 * real gateway (product §3 Dynamic form field types, §5 Dynamic form): every field kind keeps
 * the focus (a phone's keyboard stays open) and the whole value, and the whole value is what
 * the new record holds. The report is opened by its path alone, as from a bookmark: it is
 * linked to the machine and shows the machine's IMEI. Online, the confirmation never says the
 * record waits for a connection.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
/** The demo data's machine 1 (M7-172 52016). */
const MACHINE_1 = { inventoryId: 'INV-M7172-52016', imei: '356938035643809' };

/** Taps the field and types `keys` one by one; the field keeps the focus and shows `shown`. */
async function typeKeyByKey(field: Locator, keys: string, shown = keys): Promise<void> {
  await field.click();
  await field.pressSequentially(keys);
  const focused = () => field.evaluate((el) => el === document.activeElement);
  await expect.poll(focused).toBe(true);
  await expect.poll(() => field.inputValue()).toBe(shown);
}

/** Records whether the page ever says the record waits for the device to be back online. */
async function watchForOfflineText(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { sawOfflineText: boolean };
    w.sawOfflineText = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('back online')) w.sawOfflineText = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { sawOfflineText: boolean }).sawOfflineText);
}

/** Step 6 online: sending, then the number; answers the record's id through GO TO CASE/REPORT. */
async function submittedOnline(page: Page, submit: Locator, goTo: string): Promise<string> {
  const sawOfflineText = await watchForOfflineText(page);
  await submit.click();
  await atStep(page, '6');
  const confirmation = page.getByTestId('wizard-confirmation');
  const number = confirmation.locator('strong');
  await expect.poll(() => number.innerText()).toMatch(/^\d{8}$/);
  expect(await sawOfflineText()).toBe(false);
  await page.getByRole('button', { name: goTo }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/support/case/'));
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe('typing into the wizard form key by key', () => {
  it('a case from the machine page: hours 4013 and usage 2750 keep every digit and the focus', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto(M1_PAGE);
    await page.getByRole('button', { name: 'Create Case' }).click();
    await atStep(page, '1');
    const subject = `Loader drifts down ${Date.now()}`;
    await typeKeyByKey(wizardInput(page, 'Subject'), subject);
    await next(page);
    await suggestionsShown(page);
    await next(page);
    await failureFromCatalogue(page);

    await atStep(page, '4');
    await page.getByRole('heading', { name: 'Machine Information' }).waitFor();
    await typeKeyByKey(wizardInput(page, 'Machine Hours/Bales'), '4013');
    await typeKeyByKey(wizardInput(page, 'Engine Usage Reading'), '2750');
    // Numbers keep digits only, key by key.
    await typeKeyByKey(wizardInput(page, 'Dealer Work Order Number'), 'WO-4471');
    await typeKeyByKey(wizardInput(page, 'Implement Name'), 'Front loader');
    // The hours are still whole after the other fields were typed.
    expect(await wizardInput(page, 'Machine Hours/Bales').inputValue()).toBe('4013');
    await next(page);

    await atStep(page, '4.1');
    await page.getByRole('heading', { name: 'Issue Information' }).waitFor();
    await typeKeyByKey(
      wizardInput(page, 'Symptom Description'),
      'Boom drifts down about 5 cm a minute with the engine off',
    );
    await typeKeyByKey(wizardInput(page, 'Description'), 'Drift test done cold and warm');
    await next(page);

    await atStep(page, '5');
    const id = await submittedOnline(
      page,
      page.getByRole('button', { name: 'Submit' }),
      'GO TO CASE',
    );
    const created = await caseDetail(page, id);
    expect(created.fields).toMatchObject({
      Subject: subject,
      Current_Engine_Hours__c: 4013,
      Engine_Usage_Reading__c: 2750,
      Dealer_Work_Order_Number__c: 'WO-4471',
      Symptom_Description__c: 'Boom drifts down about 5 cm a minute with the engine off',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a report opened by its path: every field kind keeps the whole value and the focus', async () => {
    const { context, page } = await signedInPage(browser, SAM);
    const errors = trackPageErrors(page);
    // Straight to the wizard, as from a bookmark: the device has never shown this machine.
    await page.goto('/support/machine/report/create/sn-52016/mn-M7-172/');
    await atStep(page, '1');
    const subject = `Knotter misses every third knot ${Date.now()}`;
    await typeKeyByKey(wizardInput(page, 'Subject'), subject);
    await next(page);
    await failureFromCatalogue(page);
    await atStep(page, '3.5');
    await page.getByRole('heading', { name: 'Who is this Report for?' }).waitFor();
    await next(page);

    await atStep(page, '4');
    await page.getByRole('heading', { name: 'Issue Information' }).waitFor();
    // The read-only IMEI Number is the machine's.
    await expect.poll(() => wizardInput(page, 'IMEI Number').inputValue()).toBe(MACHINE_1.imei);
    await typeKeyByKey(wizardInput(page, 'Machine Hours/Bales'), '2750'); // Double
    await typeKeyByKey(wizardInput(page, 'Implement Name'), 'Square baler 1290'); // String
    await typeKeyByKey(wizardInput(page, 'Fuel Level'), '35'); // Percent
    await typeKeyByKey(wizardInput(page, 'Last Service Date'), '09142026', '09/14/2026'); // DateTime
    await typeKeyByKey(wizardInput(page, 'Time of Failure'), '14:35'); // Time
    await typeKeyByKey(
      wizardInput(page, 'Symptom Description'),
      'Every third knot is missed on the left knotter',
    ); // TextArea
    await typeKeyByKey(wizardInput(page, 'Estimated Repair Cost'), '1850'); // Currency
    await typeKeyByKey(wizardInput(page, 'On-site Contact Phone'), '(309) 555-0188'); // Phone
    await typeKeyByKey(wizardInput(page, 'On-site Contact Email'), 'jo.field@northfield.example'); // Email
    await typeKeyByKey(
      wizardInput(page, 'Failure Video Link'),
      'https://video.example/knotter-miss',
    ); // URL
    expect(await wizardInput(page, 'Machine Hours/Bales').inputValue()).toBe('2750');
    await next(page);

    await atStep(page, '4.1');
    await page.getByRole('heading', { name: 'Environment Information' }).waitFor();
    const id = await submittedOnline(
      page,
      page.getByRole('button', { name: 'Submit' }),
      'GO TO REPORT',
    );
    const report = await caseDetail(page, id);
    expect(report.inventory.inventoryId).toBe(MACHINE_1.inventoryId);
    const { description, ownerName, city, servicingDealerName } = report.inventory;
    for (const value of [description, ownerName, city, servicingDealerName]) {
      expect(value).toEqual(expect.any(String));
    }
    expect(report.fields).toMatchObject({
      Subject: subject,
      IMEI_Number__c: MACHINE_1.imei,
      Current_Engine_Hours__c: 2750,
      Implement_Name__c: 'Square baler 1290',
      Fuel_Level__c: 35,
      Last_Service_Date__c: '2026-09-14T12:00:00.000Z',
      Failure_Time__c: '14:35',
      Symptom_Description__c: 'Every third knot is missed on the left knotter',
      Estimated_Repair_Cost__c: 1850,
      Site_Contact_Phone__c: '(309) 555-0188',
      Site_Contact_Email__c: 'jo.field@northfield.example',
      Failure_Video_URL__c: 'https://video.example/knotter-miss',
    });
    // The header names the machine's description, owner and dealer, not N/A.
    await page.getByText(description!, { exact: true }).waitFor();
    await page.getByText(ownerName!, { exact: true }).waitFor();
    await page.getByText(servicingDealerName!, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
