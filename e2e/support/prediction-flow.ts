import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PredictionListResponse } from '../../contract/predictions';
import { M1_PAGE, atStep, next, wizardInput } from './case-wizard';

/*
 * The prediction flow of the wizard as a user goes through it, shared by its journeys.
 */

/**
 * Prepare for the field, reached as a person does (no reload, so the app and its workers stay
 * as they were): the claims of the primed machines' models are kept on the device.
 */
export async function prepareForTheField(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Offline & sync' }).click();
  await page.getByRole('button', { name: 'Download machines' }).click();
  await page
    .getByTestId('field-pack-result')
    .getByText(/For parts predictions: [1-9][\d,]* past claims/)
    .waitFor({ timeout: 120_000 });
}

/**
 * From machine 1's Choose Activity to the prediction flow's symptom step. `inApp`: reached
 * from Home's recent machines rather than by its address, so the page is not loaded again.
 */
export async function openPredictionFromMachine(page: Page, inApp = false): Promise<void> {
  if (inApp) {
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByText('M7-172 · 52016').click();
    await page.waitForURL((u) => u.pathname === M1_PAGE);
  } else {
    await page.goto(M1_PAGE);
  }
  await page.getByRole('button', { name: 'Create Parts Prediction' }).click();
  await page.waitForURL((u) =>
    u.pathname.startsWith('/support/machine/prediction/create/sn-52016/mn-M7-172'),
  );
  await atStep(page, '1');
}

/** Step 1 of the prediction flow: the symptom typed key by key, then Next. */
export async function describeSymptom(page: Page, symptom: string): Promise<void> {
  await typeSymptom(page, symptom);
  await next(page);
}

/** Step 1's symptom typed key by key, not sent on. */
export async function typeSymptom(page: Page, symptom: string): Promise<void> {
  await atStep(page, '1');
  await wizardInput(page, 'Subject').pressSequentially(symptom);
}

/** The prediction step once its answers are ranked. */
export async function predicted(page: Page): Promise<void> {
  await atStep(page, '2');
  await page.getByTestId('prediction-step').waitFor();
  await page.getByTestId('prediction-answer').first().waitFor({ timeout: 30_000 });
}

/** The causal part of each ranked answer on screen, best first. */
export function causalParts(page: Page): Promise<string[]> {
  return page.getByTestId('causal-part').allInnerTexts();
}

/** The names of the gateway's records of the signed-in user's predictions for `symptom`. */
export async function recorded(page: Page, symptom: string): Promise<string[]> {
  const res = await page.request.get('/api/v1/predictions');
  expect(res.status()).toBe(200);
  const list = (await res.json()) as PredictionListResponse;
  return list.predictions.filter((p) => p.symptom === symptom).map((p) => p.name);
}
