import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PredictionListResponse } from '../../contract/predictions';
import { M1_PAGE, atStep, next, wizardInput } from './case-wizard';

/*
 * The prediction flow of the wizard as a user goes through it, shared by its journeys.
 */

/** From machine 1's Choose Activity to the prediction flow's symptom step. */
export async function openPredictionFromMachine(page: Page): Promise<void> {
  await page.goto(M1_PAGE);
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
