import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CaseDetail } from '../../contract/cases';
import type { TestPhotos } from './photos';

/*
 * The steps of the create case / report wizard as a user goes through them, shared by the
 * wizard's journeys.
 */

/** Machine 1 of the demo data (Northfield's M7-172), whose model has DTC values and a catalogue. */
export const M1_PAGE = '/support/machine/details/sn-52016/mn-M7-172';

/** The wizard on `step` ('1', '2', '3', '3.5', '4', '4.1', '5', '6'). */
export function atStep(page: Page, step: string): Promise<void> {
  return page.locator(`[data-testid="case-wizard"][data-step="${step}"]`).waitFor();
}

/** An input or text area of the wizard by the start of its label (required ones carry a star). */
export function wizardInput(page: Page, label: string): Locator {
  const escaped = label.replace(/[/?()]/g, '\\$&');
  return page.locator('input, textarea').and(page.getByLabel(new RegExp(`^${escaped}`)));
}

/** Step 2 once its articles (or 'No Knowledge Articles found') are shown. */
export async function suggestionsShown(page: Page): Promise<void> {
  await atStep(page, '2');
  await page
    .getByTestId('suggestion')
    .first()
    .or(page.getByText('No Knowledge Articles found'))
    .waitFor({ timeout: 15_000 });
}

export function next(page: Page): Promise<void> {
  return page.getByRole('button', { name: 'Next' }).click();
}

/** Types `typed` into a typeahead and picks its first option; answers the option's text. */
export async function pickFirstOption(input: Locator, typed: string): Promise<string> {
  await input.fill('');
  await input.pressSequentially(typed);
  const option = input.page().getByRole('option').first();
  await option.waitFor();
  // A DTC option shows its description on a second line; the first is the value.
  const text = (await option.innerText()).trim().split('\n')[0]!.trim();
  await option.click();
  await expect.poll(() => input.inputValue()).toBe(text);
  return text;
}

/** Step 1: Subject, and a DTC code picked from the model's values once 3 characters are typed. */
export async function symptom(page: Page, subject: string): Promise<string> {
  await atStep(page, '1');
  await wizardInput(page, 'Subject').pressSequentially(subject);
  const dtc = await pickFirstOption(wizardInput(page, 'DTC Code'), 'SPN');
  expect(dtc).toMatch(/^SPN /);
  await next(page);
  return dtc;
}

export interface FailureChoice {
  assembly: string;
  subAssembly: string;
  causalPart: string;
}

/** Step 3 from the parts catalogue: an assembly, one of its sub-assemblies, one of its parts. */
export async function failureFromCatalogue(page: Page): Promise<FailureChoice> {
  await atStep(page, '3');
  const choice = {
    assembly: await pickFirstOption(wizardInput(page, 'Assembly'), 'Eng'),
    subAssembly: await pickFirstOption(wizardInput(page, 'Sub Assembly'), 'Fuel'),
    causalPart: '',
  };
  // Every part of the sub-assembly is offered: clicking the empty field opens the list.
  const part = wizardInput(page, 'Causal Part');
  await part.click();
  const option = page.getByRole('option').first();
  await option.waitFor();
  choice.causalPart = (await option.innerText()).trim();
  await option.click();
  await expect.poll(() => part.inputValue()).toBe(choice.causalPart);
  expect(choice).toMatchObject({ assembly: 'Engine', subAssembly: 'Fuel System' });
  // A key part's name starts with its number.
  expect(choice.causalPart).toMatch(/^\S+ Fuel System /);
  await next(page);
  return choice;
}

/**
 * From the machine page to the form's first page, typing what a catalogue-less technician
 * would: the quickest way through the steps for the benches.
 */
export async function typedToForm(page: Page, subject: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Case' }).click();
  await atStep(page, '1');
  await wizardInput(page, 'Subject').pressSequentially(subject);
  await next(page);
  await atStep(page, '2');
  await next(page);
  await atStep(page, '3');
  await wizardInput(page, 'Assembly').pressSequentially('Engine');
  await wizardInput(page, 'Sub Assembly').pressSequentially('Fuel System');
  await wizardInput(page, 'Causal Part').pressSequentially('8765 Fuel Injector');
  await next(page);
  await atStep(page, '4');
}
/** Step 4 and 4.1 of a case: Machine Information, then Issue Information. */
export async function caseForm(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Machine Information' }).waitFor();
  await wizardInput(page, 'Machine Hours/Bales').pressSequentially('1200');
  await next(page);
  await page.getByRole('heading', { name: 'Issue Information' }).waitFor();
  await wizardInput(page, 'Symptom Description').pressSequentially('Stalls after an hour');
  await wizardInput(page, 'Description').pressSequentially('It stalls when hot');
  await next(page);
}

/** Step 5: the two photos through the file chooser (the HEIC becomes a JPEG), and a message. */
export async function attachments(page: Page, photos: TestPhotos, message: string) {
  await atStep(page, '5');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Upload' }).click(),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles([photos.jpeg, photos.heic]);
  const previews = page.getByTestId('upload-previews');
  await previews.getByRole('img', { name: 'leak.jpg' }).waitFor({ timeout: 30_000 });
  await previews.getByRole('img', { name: 'valve.jpg' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Message').pressSequentially(message);
}

export interface CaseJson {
  id: string;
  caseNumber: string;
  subject: string;
}

/** The signed-in user's cases with `subject`, as the gateway lists them. */
export async function casesWithSubject(page: Page, subject: string): Promise<CaseJson[]> {
  const res = await page.request.get('/api/v1/cases?limit=500');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { cases: CaseJson[] }).cases.filter((c) => c.subject === subject);
}

export async function caseDetail(page: Page, id: string): Promise<CaseDetail> {
  const res = await page.request.get(`/api/v1/cases/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { case: CaseDetail }).case;
}

export interface FeedItemJson {
  body: string;
  attachments: { name: string; isImage: boolean }[];
}

export async function feedOf(page: Page, caseId: string): Promise<FeedItemJson[]> {
  const res = await page.request.get(`/api/v1/cases/${caseId}/feed`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: FeedItemJson[] }).items;
}
