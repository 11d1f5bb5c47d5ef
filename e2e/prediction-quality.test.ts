import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRate, type PredictionQuality } from '../contract/prediction-quality';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';

/*
 * An administrator finds Predictions quality among the Settings links and reads the hit rates
 * of the demo predictions, by month and by model, as the gateway counted them.
 */
const ADA = 'ada.admin@torque.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('predictions quality', () => {
  it('shows an administrator the hit rates by month and model, with their counts', async () => {
    const { context, page } = await signedInPage(browser, ADA);
    const errors = trackPageErrors(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Predictions quality' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Predictions quality' }).count())
      .toBe(1);

    const res = await page.request.get('/api/v1/predictions/quality');
    expect(res.status()).toBe(200);
    const quality = (await res.json()) as PredictionQuality;
    expect(quality.months.length).toBeGreaterThanOrEqual(3);
    expect(quality.models.length).toBeGreaterThanOrEqual(3);

    const cells = async (table: string, label: string) => {
      const row = page.getByRole('table', { name: table }).getByRole('row', { name: label });
      await row.waitFor();
      return row.getByRole('cell').allInnerTexts();
    };
    const shown = (
      counts: PredictionQuality['months'][number] | PredictionQuality['models'][number],
    ) => [
      String(counts.settled),
      `${Math.round(hitRate(counts, 1)! * 100)} % (${counts.top1})`,
      `${Math.round(hitRate(counts, 3)! * 100)} % (${counts.top3})`,
      `${Math.round(hitRate(counts, 5)! * 100)} % (${counts.top5})`,
    ];
    const month = quality.months.at(-1)!;
    expect(await cells('Month', month.month)).toEqual([month.month, ...shown(month)]);
    const model = quality.models[0]!;
    expect(await cells('Model', model.model)).toEqual([model.model, ...shown(model)]);
    expect(await page.getByRole('img', { name: /hit rate by top 1, 3 and 5/ }).count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
