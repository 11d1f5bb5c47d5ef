import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import { atStep, next, wizardInput } from './support/case-wizard';
import { storedRows } from './support/device-db';
import {
  causalParts,
  openPredictionFromMachine,
  predicted,
  recorded,
  typeSymptom,
} from './support/prediction-flow';
import { endSessionForGood, signInInPopup } from './support/session-end';

/*
 * product §4 Sign-in (a 401 is handled) in the prediction flow: dana has typed a symptom when
 * her session ends; Next renews it silently, or asks her to sign in, and the prediction is made
 * for the symptom she typed, once, by the gateway.
 */
const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The step shows the gateway's ranked answers for `symptom`, nothing waiting to send. */
async function predictedByGateway(page: Page, symptom: string): Promise<void> {
  await predicted(page);
  const step = page.getByTestId('prediction-step');
  await step.getByText(`Symptom: ${symptom}`).waitFor();
  expect((await causalParts(page)).length).toBeGreaterThan(0);
  expect(await step.getByText('waiting to send').count()).toBe(0);
  expect(await recorded(page, symptom)).toHaveLength(1);
  // Made online, not left to the device and the outbox.
  const queued = await storedRows<{ kind: string }>(page, 'outbox');
  expect(queued.filter((e) => e.kind === 'prediction-create')).toEqual([]);
  expect(await page.getByRole('button', { name: 'Create Case' }).isEnabled()).toBe(true);
}

/** Dana on the symptom step with `words` typed, when her session ends for good. */
async function typedWhenSessionEnds(words: string) {
  const { context, page } = await signedInPage(browser, DANA);
  const errors = trackPageErrors(page);
  // The page's timers are the test's: installed before the app's scripts start.
  await page.clock.install();
  await openPredictionFromMachine(page);
  const symptom = `${words} ${Date.now() % 100_000}`;
  await typeSymptom(page, symptom);
  await endSessionForGood(context, page);
  return { context, page, errors, symptom };
}

describe('a session that ends while a symptom is typed for a prediction', () => {
  it('is renewed silently: Next gets the predictions for the typed symptom', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await openPredictionFromMachine(page);
    const symptom = `Hydraulic pump whines under load ${Date.now() % 100_000}`;
    await typeSymptom(page, symptom);

    // The gateway session ends behind the app's back (as at its TTL).
    expect((await page.request.post('/api/v1/auth/logout')).status()).toBe(204);
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);

    await next(page);
    await predictedByGateway(page, symptom);
    expect(await page.getByText('Sign in again').count()).toBe(0);
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks to sign in when it cannot renew; signed in, a while later, the typed symptom is predicted', async () => {
    const { context, page, errors, symptom } = await typedWhenSessionEnds(
      'Cab heater blows cold air',
    );

    await next(page);
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.waitFor({ timeout: 30_000 });
    await page.getByTestId('prediction-step').getByText(`Symptom: ${symptom}`).waitFor();
    // A person reads the dialog and finds the password: longer than a gateway is waited for.
    await page.clock.fastForward('00:20');
    await signInInPopup(context, page, DANA);
    await predictedByGateway(page, symptom);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('declined, the symptom waits on the step before; signed in then, it is predicted', async () => {
    const { context, page, errors, symptom } = await typedWhenSessionEnds(
      'Front axle knocks when turning',
    );

    await next(page);
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No Predictions Found').waitFor();
    expect(await page.getByRole('button', { name: 'Create Case' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Resubmit' }).click();
    await atStep(page, '1');
    expect(await wizardInput(page, 'Subject').inputValue()).toBe(symptom);
    // The step's own lookups meet the ended session too: she is asked again, and signs in.
    await dialog.waitFor({ timeout: 30_000 });
    await signInInPopup(context, page, DANA);
    expect(await wizardInput(page, 'Subject').inputValue()).toBe(symptom);
    await next(page);
    await predictedByGateway(page, symptom);
    expect(errors).toEqual([]);
    await context.close();
  });
});
