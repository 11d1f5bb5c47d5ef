import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Prediction, PredictionListResponse } from '../contract/predictions';
import {
  launchBrowser,
  newContext,
  signIn,
  swControlled,
  trackPageErrors,
} from './support/browser';
import { next, wizardInput } from './support/case-wizard';
import { BACK_ONLINE_MS, storedRows } from './support/device-db';
import { causalParts } from './support/prediction-flow';

/*
 * A parts prediction in a barn without signal (product §4 Offline-first): dana primes
 * Northfield's machines for the field, which keeps statistics of their models' past claims;
 * offline she predicts for M7-172 52016, ranked on the device and kept at once, waiting to
 * send; back online it reaches the gateway exactly once, with the device's answer, and shows
 * the same top answer.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PREDICT_PAGE = '/support/machine/prediction/create/sn-52016/mn-M7-172';

interface KeptClaims {
  model: string;
  evidence: { claims: number } | null;
}
interface OutboxEntry {
  kind: string;
  status: string;
}

/** The gateway's Prediction History of the signed-in user, with each record asked for. */
async function gatewayPredictions(page: Page, symptom: string): Promise<Prediction[]> {
  const list = (await (
    await page.request.get('/api/v1/predictions')
  ).json()) as PredictionListResponse;
  return Promise.all(
    list.predictions
      .filter((p) => p.symptom === symptom)
      .map(
        async (p) =>
          (await (await page.request.get(`/api/v1/predictions/${p.id}`)).json()) as Prediction,
      ),
  );
}

describe('parts predictions offline', () => {
  it('primes, predicts without signal, and sends the prediction once when back online', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, 'dana.tech@northfield.example');
    await swControlled(page);

    // Prepare for the field keeps the claims of the primed machines' models.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Offline & sync' }).click();
    await page.getByRole('button', { name: 'Download machines' }).click();
    const result = page.getByTestId('field-pack-result');
    await result.getByText(/are on this device/).waitFor({ timeout: 120_000 });
    const summary = await result.innerText();
    const [, claims, models] = summary.match(
      /For parts predictions: ([\d,]+) past claims of (\d+) models/,
    )!;
    // Counts are written with thousands separators ("6,000 past claims").
    expect(Number(claims?.replaceAll(',', ''))).toBeGreaterThan(0);
    // Statistics of the claims, for those models and the other models of their families.
    const kept = await storedRows<KeptClaims>(page, 'predictionClaims');
    expect(kept.length).toBeGreaterThanOrEqual(Number(models));
    const m7 = kept.find((row) => row.model === 'M7-172');
    expect(m7?.evidence?.claims).toBeGreaterThan(0);
    // No claim's date of repair is kept.
    expect(JSON.stringify(kept)).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Offline: the prediction is ranked on the device and kept at once.
    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    await page.goto(PREDICT_PAGE);
    const symptom = `pto wont engage after ${Date.now() % 100_000} hours`;
    await wizardInput(page, 'Subject').pressSequentially(symptom);
    await next(page);
    await page.getByRole('heading', { name: 'Parts Predictions' }).waitFor();
    await page.getByRole('status').getByText('Waiting to send').waitFor();
    await page.getByTestId('prediction-answer').first().waitFor({ timeout: 30_000 });
    const offline = await causalParts(page);
    expect(offline.length).toBeGreaterThan(0);
    const offlineProbability = await page.getByTestId('probability').first().innerText();
    expect(offlineProbability).toMatch(/^(\d+|under 1)%$/);

    // The history shows it, waiting to send; nothing has reached the gateway.
    await page.goto('/support/predictions');
    const row = page.getByTestId('prediction-row').filter({ hasText: symptom });
    await row.getByText('Waiting to send', { exact: true }).waitFor();
    const queued = await storedRows<OutboxEntry>(page, 'outbox');
    expect(queued.filter((e) => e.kind === 'prediction-create')).toHaveLength(1);
    expect(queued.every((e) => e.status === 'pending' || e.status === 'retry')).toBe(true);

    // Online again: sent once, recorded as ranked on the device, with the device's answer.
    await context.setOffline(false);
    await expect
      .poll(async () => (await storedRows<OutboxEntry>(page, 'outbox')).map((e) => e.status), {
        timeout: BACK_ONLINE_MS,
      })
      .toEqual(['done']);
    const recorded = await gatewayPredictions(page, symptom);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.rankedOn).toBe('device');
    expect(recorded[0]!.combinations.map((c) => c.causalPart.length > 0)).not.toContain(false);
    await row.getByText('Waiting to send', { exact: true }).waitFor({ state: 'detached' });
    await row.getByText(recorded[0]!.name).waitFor();

    // Its detail shows the same top answer as the device gave without signal.
    await row.click();
    await page.waitForURL((u) => u.pathname === `/support/prediction/${recorded[0]!.id}`);
    await page.getByTestId('causal-part').first().waitFor();
    expect((await causalParts(page))[0]).toBe(offline[0]);
    expect(await page.getByTestId('probability').first().innerText()).toBe(offlineProbability);
    expect(offline[0]!.startsWith(`${recorded[0]!.combinations[0]!.causalPart} `)).toBe(true);

    // Sync now sends nothing again.
    await page.goto('/settings/offline');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('button', { name: 'Sync now' }).waitFor();
    expect(await storedRows<OutboxEntry>(page, 'outbox')).toHaveLength(1);
    expect(await gatewayPredictions(page, symptom)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
