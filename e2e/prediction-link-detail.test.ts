import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CaseListRow } from '../contract/cases';
import type { Prediction, PredictionListResponse } from '../contract/predictions';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { describeSymptom, openPredictionFromMachine, predicted } from './support/prediction-flow';

/*
 * product §2 Prediction detail on a phone (412 x 915): dana makes a prediction without a case,
 * opens it from her history, links it to one of her cases of that machine, reads the case's
 * number and opens the case from it; the same link made offline reaches the gateway once the
 * phone is back online.
 */
const DANA = 'dana.tech@northfield.example';
const PHONE = { viewport: { width: 412, height: 915 } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Dana's cases (not reports) of M7-172 52016, as the gateway lists them. */
async function casesOfMachine(page: Page): Promise<CaseListRow[]> {
  const res = await page.request.get('/api/v1/cases?limit=100');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { cases: CaseListRow[] }).cases.filter(
    (c) => c.recordType === 'Case' && c.modelNumber === 'M7-172' && c.serialNumber === '52016',
  );
}

async function gatewayPrediction(page: Page, id: string): Promise<Prediction> {
  const res = await page.request.get(`/api/v1/predictions/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Prediction;
}

/** A prediction for machine 1 made without a case, opened from her Prediction History. */
async function predictWithoutCase(page: Page, symptom: string): Promise<string> {
  await openPredictionFromMachine(page);
  await describeSymptom(page, symptom);
  await predicted(page);
  await page.getByRole('button', { name: 'Create Case' }).waitFor();
  const res = await page.request.get('/api/v1/predictions');
  const made = ((await res.json()) as PredictionListResponse).predictions.find(
    (p) => p.symptom === symptom,
  )!;
  expect(made.caseId).toBeNull();
  await page.goto('/support/predictions');
  await page.getByTestId('prediction-row').filter({ hasText: symptom }).click();
  await page.waitForURL((u) => u.pathname === `/support/prediction/${made.id}`);
  await page.getByTestId('prediction-item').first().waitFor();
  return made.id;
}

/** Picks the case in the choice by clicking it, as a person does, and taps Link to Case. */
async function linkTo(page: Page, target: CaseListRow): Promise<void> {
  await page.getByRole('combobox', { name: 'Case to link' }).click();
  await page.getByRole('option', { name: `${target.caseNumber} · ${target.subject}` }).click();
  await page.getByRole('button', { name: 'Link to Case' }).click();
}

const caseLine = (page: Page) => page.getByText(/^Case: /);

describe('linking a prediction to a case from its detail', () => {
  it('links to a case of the machine, shows its number and opens it; offline, sends it once back online', async () => {
    const { context, page } = await signedInPage(browser, DANA, PHONE);
    const errors = trackPageErrors(page);
    try {
      await swControlled(page);
      const cases = await casesOfMachine(page);
      expect(cases.length).toBeGreaterThan(1);
      const [first, second] = cases as [CaseListRow, CaseListRow];

      const id = await predictWithoutCase(page, `Loader valve drifts down ${Date.now() % 100_000}`);
      // The day never breaks across lines on a phone ("2026-11-" / "28").
      const day = page.getByText(/^\d{4}-\d{2}-\d{2}$/).first();
      expect(await day.evaluate((el) => el.getClientRects().length)).toBe(1);
      expect(await caseLine(page).count()).toBe(0);

      await linkTo(page, first);
      const link = caseLine(page).getByRole('link', { name: first.caseNumber });
      await link.waitFor({ timeout: 10_000 });
      await expect.poll(async () => (await gatewayPrediction(page, id)).caseId).toBe(first.id);
      await caseLine(page).getByText('Waiting to send').waitFor({ state: 'detached' });
      await link.click();
      await page.waitForURL((u) => u.pathname === `/support/case/${first.id}`);
      await page.getByText(first.caseNumber).first().waitFor();
      await page
        .locator(`[data-testid="case-prediction"] a[href="/support/prediction/${id}"]`)
        .waitFor({ timeout: 10_000 });

      // Offline: linked at once on this device, waiting to send; sent once back online.
      const offlineId = await predictWithoutCase(
        page,
        `Cab door latch sticks ${Date.now() % 100_000}`,
      );
      await page.getByRole('combobox', { name: 'Case to link' }).waitFor();
      // Every answered PUT of this link, the service worker's included.
      const sent: number[] = [];
      context.on('requestfinished', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() !== 'PUT' || path !== `/api/v1/predictions/${offlineId}/case`) return;
        void r.response().then((res) => res && sent.push(res.status()));
      });
      await context.setOffline(true);
      await linkTo(page, second);
      await caseLine(page).getByRole('link', { name: second.caseNumber }).waitFor();
      await caseLine(page).getByText('Waiting to send').waitFor();
      expect((await gatewayPrediction(page, offlineId)).caseId).not.toBe(second.id);
      await context.setOffline(false);
      await expect
        .poll(async () => (await gatewayPrediction(page, offlineId)).caseId)
        .toBe(second.id);
      await caseLine(page).getByText('Waiting to send').waitFor({ state: 'detached' });
      expect(await caseLine(page).getByRole('link').innerText()).toBe(second.caseNumber);
      await expect.poll(() => sent).toEqual([200]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
