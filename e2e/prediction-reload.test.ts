import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { atStep, wizardInput } from './support/case-wizard';
import {
  causalParts,
  describeSymptom,
  openPredictionFromMachine,
  predicted,
  recorded,
} from './support/prediction-flow';

/*
 * product §2 Parts prediction step and "every write reaches the server exactly once": a reload
 * on the prediction step shows the prediction made, online and offline, and asks the gateway
 * for no other; opened again later, the flow starts empty.
 */
const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a reload on the parts prediction step', () => {
  it('shows the same prediction, made once; opened again later, the flow starts empty', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    try {
      await swControlled(page);
      await openPredictionFromMachine(page);
      const symptom = `Cab heater blows cold air at idle ${Date.now() % 100_000}`;
      await describeSymptom(page, symptom);
      await predicted(page);
      const shown = await causalParts(page);
      expect(shown.length).toBeGreaterThan(0);
      const made = await recorded(page, symptom);
      expect(made).toHaveLength(1);

      // The same prediction comes back, from the device, with nothing asked of the gateway.
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/predictions') {
          posts.push(r.url());
        }
      });
      const step = page.getByTestId('prediction-step');
      for (const offline of [false, true]) {
        await context.setOffline(offline);
        await page.reload();
        await predicted(page);
        await step.getByText(`Symptom: ${symptom}`).waitFor();
        expect(await causalParts(page)).toEqual(shown);
        expect(await step.getByText('waiting to send').count()).toBe(0);
      }
      await context.setOffline(false);
      expect(posts).toEqual([]);
      expect(await recorded(page, symptom)).toEqual(made);

      // She leaves; opened again from the machine, the flow asks for a new symptom.
      await openPredictionFromMachine(page);
      await atStep(page, '1');
      expect(await wizardInput(page, 'Subject').inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
