import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import type { CaseListRow } from '../contract/cases';
import type { Prediction } from '../contract/predictions';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { M1_PAGE, atStep, caseForm, failureFromCatalogue } from './support/case-wizard';
import { describeSymptom, predicted } from './support/prediction-flow';

/*
 * Parts predictions in Chromium against the real gateway and its engine (product §2 Parts
 * prediction step, Prediction history and detail, Case detail): dana predicts for M7-172 52016,
 * prints the parts sheet, goes on to a case that then shows the prediction; her history and the
 * detail open online and offline; a prediction started from a case is linked to it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const DANA = 'dana.tech@northfield.example';

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

async function myPredictions(page: Page): Promise<{ id: string; symptom: string }[]> {
  const res = await page.request.get('/api/v1/predictions');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { predictions: { id: string; symptom: string }[] }).predictions;
}

describe('parts predictions', () => {
  it('dana predicts, prints the parts sheet, creates a case from it; history and detail open online and offline', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto(M1_PAGE);
    await page.getByRole('button', { name: 'Create Parts Prediction' }).click();
    await page.waitForURL((u) =>
      u.pathname.startsWith('/support/machine/prediction/create/sn-52016/mn-M7-172'),
    );
    const symptom = `Hydraulic pump leaking oil at the shaft ${Date.now() % 100_000}`;
    await describeSymptom(page, symptom);

    // Ranked predictions on the left, knowledge suggestions on the right.
    await predicted(page);
    const step = page.getByTestId('prediction-step');
    await step.getByText('Model: M7-172 · Serial: 52016').waitFor();
    await step.getByText(`Symptom: ${symptom}`).waitFor();
    const answers = step.getByTestId('prediction-answer');
    expect(await answers.first().getByRole('heading').innerText()).toBe('Prediction #1');
    const probabilities = await answers
      .getByTestId('probability')
      .evaluateAll((els) => els.map((e) => Number(e.textContent!.replace('%', ''))));
    expect(probabilities.length).toBeGreaterThan(0);
    // Ranked: the most probable first.
    expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);
    await expect.poll(() => page.getByTestId('problem-suggestion').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('problem-suggestion').count()).toBeLessThanOrEqual(6);
    const topPart = (await answers.first().getByTestId('causal-part').innerText()).trim();

    // Print: a real PDF, letter portrait, its name cut to 20 characters.
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print' }).click(),
    ]);
    expect(sheet.suggestedFilename()).toMatch(/^M7-172 52016 .*\.pdf$/);
    expect(sheet.suggestedFilename().replace(/\.pdf$/, '').length).toBeLessThanOrEqual(20);
    const pdf = await bytesOf(sheet);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/MediaBox \[0 0 612\.?\d* 792\.?\d*\]/);

    // The gateway recorded it as dana's.
    const mine = (await myPredictions(page)).filter((p) => p.symptom === symptom);
    expect(mine).toHaveLength(1);
    const predictionId = mine[0]!.id;

    // Create Case: the case wizard goes on with the machine and the symptom.
    await page.getByRole('button', { name: 'Create Case' }).click();
    await failureFromCatalogue(page);
    await caseForm(page);
    await atStep(page, '5');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you for your submission').waitFor();
    const number = page.getByTestId('wizard-confirmation').locator('strong');
    await expect.poll(() => number.innerText()).toMatch(/^\d{8}$/);
    await page.getByRole('button', { name: 'GO TO CASE' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/support/case/'));
    const caseId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText(symptom).first().waitFor();
    // The case shows the prediction once the link, queued after the case, is sent.
    const linked = page.getByTestId('case-prediction');
    await linked.first().waitFor({ timeout: 20_000 });
    expect(await linked.first().innerText()).toContain(topPart);
    const stored = await page.request.get(`/api/v1/predictions/${predictionId}`);
    expect(((await stored.json()) as Prediction).caseId).toBe(caseId);

    // History, newest first; a click opens the detail.
    await page.goto('/support/predictions');
    const first = page.getByTestId('prediction-row').first();
    await first.waitFor();
    expect(await first.innerText()).toContain(symptom);
    expect(await first.innerText()).toContain(new Date().toISOString().slice(0, 10));
    expect(await first.innerText()).toContain('M7-172 52016');
    await first.click();
    await page.waitForURL((u) => u.pathname === `/support/prediction/${predictionId}`);
    const items = page.getByTestId('prediction-item');
    await items.first().waitFor();
    expect(await items.first().innerText()).toContain(`Prediction #1: ${topPart}`);

    // Offline, after a reload: the detail and the history from the device.
    await swControlled(page);
    await context.setOffline(true);
    await page.reload();
    await items.first().waitFor({ timeout: 15_000 });
    expect(await items.first().innerText()).toContain(`Prediction #1: ${topPart}`);
    await page.goto('/support/predictions');
    await page.getByTestId('prediction-row').filter({ hasText: symptom }).waitFor();
    await context.setOffline(false);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("a prediction started from a case's Create Prediction is linked to that case", async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const res = await page.request.get('/api/v1/cases?limit=100');
    expect(res.status()).toBe(200);
    const cases = ((await res.json()) as { cases: CaseListRow[] }).cases;
    const target = cases.find((c) => c.serialNumber && c.modelNumber)!;
    expect(target).toBeTruthy();
    await page.goto(`/support/case/${target.id}`);
    await page.getByRole('button', { name: 'Create Prediction' }).click();
    await page.waitForURL((u) => u.pathname.endsWith(`/case-${target.id}`));
    const symptom = `Engine will not crank when cold ${Date.now() % 100_000}`;
    await describeSymptom(page, symptom);
    await predicted(page);
    expect(await page.getByRole('button', { name: 'Create Case' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Link to Case' }).click();
    await page.waitForURL((u) => u.pathname === `/support/case/${target.id}`);
    const mine = (await myPredictions(page)).find((p) => p.symptom === symptom)!;
    // The case's Parts Predictions lists it.
    await page
      .locator(`[data-testid="case-prediction"] a[href="/support/prediction/${mine.id}"]`)
      .waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => {
        const r = await page.request.get(`/api/v1/predictions/${mine.id}`);
        return ((await r.json()) as Prediction).caseId;
      })
      .toBe(target.id);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
