import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PredictionListResponse } from '../contract/predictions';
import {
  firstPage,
  launchPersistent,
  signIn,
  swControlled,
  trackPageErrors,
} from './support/browser';
import { storedRows } from './support/device-db';
import {
  causalParts,
  describeSymptom,
  openPredictionFromMachine,
  predicted,
  prepareForTheField,
} from './support/prediction-flow';

/*
 * product §4 Offline-first for parts predictions: the Prediction History and a detail dana has
 * seen once, and a prediction she made without signal, open on a device with no network after a
 * reload and after the browser is closed and started again.
 */
const DANA = 'dana.tech@northfield.example';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'torque-e2e-predictions-restart-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface OutboxEntry {
  kind: string;
  status: string;
}

/** The history's row for `symptom`. */
const historyRow = (page: Page, symptom: string) =>
  page.getByTestId('prediction-row').filter({ hasText: symptom });

/** Opens the history, then the detail of the row for `symptom`; answers its first accordion. */
async function openFromHistory(page: Page, symptom: string): Promise<string> {
  await page.goto('/support/predictions');
  const row = historyRow(page, symptom);
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  await page.waitForURL((u) => u.pathname.startsWith('/support/prediction/'));
  const item = page.getByTestId('prediction-item').first();
  await item.waitFor({ timeout: 15_000 });
  return item.innerText();
}

describe('parts predictions after a browser restart without signal', () => {
  it('history, a detail seen once and a prediction made offline open after a reload and a restart', async () => {
    const profile = join(dir, 'profile');
    let context = await launchPersistent(profile);
    try {
      let page = await firstPage(context);
      let errors = trackPageErrors(page);
      await signIn(page, DANA);
      // Controlled from the first screen on: what follows is kept for the offline start.
      await swControlled(page);
      await prepareForTheField(page);

      // Online: a prediction, the history, and its detail seen once.
      await openPredictionFromMachine(page);
      const online = `Loader valve drifts down when warm ${Date.now() % 100_000}`;
      await describeSymptom(page, online);
      await predicted(page);
      const [topPart] = await causalParts(page);
      const list = (await (
        await page.request.get('/api/v1/predictions')
      ).json()) as PredictionListResponse;
      const record = list.predictions.find((p) => p.symptom === online)!;
      expect(record).toBeDefined();
      expect(await openFromHistory(page, online)).toContain(`Prediction #1: ${topPart}`);
      expect(new URL(page.url()).pathname).toBe(`/support/prediction/${record.id}`);

      // Offline: a prediction ranked on the device, waiting to send.
      await context.setOffline(true);
      await page.getByTestId('sync-status').getByText('Offline').waitFor();
      await openPredictionFromMachine(page);
      const offline = `pto wont engage after ${Date.now() % 100_000} hours`;
      await describeSymptom(page, offline);
      await predicted(page);
      await page.getByRole('status').getByText('waiting to send').waitFor();
      const [offlineTop] = await causalParts(page);

      // A reload without signal.
      await page.reload();
      expect(await openFromHistory(page, online)).toContain(`Prediction #1: ${topPart}`);
      expect(errors).toEqual([]);
      await context.close();

      // The browser again, with no network at all.
      context = await launchPersistent(profile, { offline: true });
      page = await firstPage(context);
      errors = trackPageErrors(page);
      expect(await openFromHistory(page, online)).toContain(`Prediction #1: ${topPart}`);
      expect(new URL(page.url()).pathname).toBe(`/support/prediction/${record.id}`);
      await page.goto('/support/predictions');
      await historyRow(page, offline).getByText('Waiting to send', { exact: true }).waitFor();
      expect(await historyRow(page, online).getByText('Waiting to send').count()).toBe(0);
      expect(await openFromHistory(page, offline)).toContain(`Prediction #1: ${offlineTop}`);
      await page.getByRole('status').getByText('waiting to send').waitFor();
      await page.getByText(`Symptom: ${offline}`).waitFor();
      // Kept waiting on the device, not sent and not given up on.
      const queued = (await storedRows<OutboxEntry>(page, 'outbox')).filter(
        (e) => e.kind === 'prediction-create',
      );
      expect(queued.map((e) => e.status)).toEqual([expect.stringMatching(/^(pending|retry)$/)]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
