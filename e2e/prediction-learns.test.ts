import type { Browser, Page } from 'playwright-core';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../gateway/db/schema';
import { MACHINE_1 } from '../gateway/seed/fixed-machines';
import { M1_PAGE } from './support/case-wizard';
import { postgresLane } from '../tests/gateway/harness';
import { addClaimsOnMachine1, threeClaimsOf } from '../tests/gateway/predictions-support';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { startGateway, type RunningGateway } from './support/gateway';
import { portFor } from './support/ports';
import {
  causalParts,
  describeSymptom,
  openPredictionFromMachine,
  predicted,
  prepareForTheField,
} from './support/prediction-flow';

/*
 * Claims reach the database in bulk, beside the gateway. One written while the gateway runs is
 * learned without a restart: dana asks about a symptom no claim wrote, three claims with that
 * symptom arrive, and within five minutes the same question leads with their part. Her device
 * learns them too: prepared for the field again, it answers the same offline, from the engine
 * its worker built before, told of the new claims. The claims are written to the database the
 * gateway runs on, so this file runs on PostgreSQL.
 */
const DANA = 'dana.tech@northfield.example';
const SYMPTOM = 'flux gizmo rattles on cold start';
const PART = 'FLUX-GIZMO-9';
const LEARN_LIMIT_MS = 5 * 60_000;
const BUNDLE = `/api/v1/predictions/claims?models=${MACHINE_1.model}`;

let browser: Browser;
let gateway: RunningGateway;
let database: { env: Record<string, string>; dispose(): Promise<void> };
beforeAll(async () => {
  database = await postgresLane(
    process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  ).create();
  // A check for new claims every second, where production checks every minute.
  gateway = await startGateway(portFor('replay'), {
    ...database.env,
    PREDICTIONS_REFRESH_SECONDS: '1',
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  await database?.dispose();
});

/**
 * The prediction flow from machine 1, as dana goes through it: the parts ranked on screen.
 * Reached from Home, never by reloading: the device's engine lives as long as the page.
 */
async function ask(page: Page): Promise<string[]> {
  await openPredictionFromMachine(page, true);
  await describeSymptom(page, SYMPTOM);
  await predicted(page);
  return causalParts(page);
}

/** The same without signal: ranked by the device's engine, kept waiting to send. */
async function askOffline(page: Page): Promise<string[]> {
  await page.context().setOffline(true);
  await page.getByTestId('sync-status').getByText('Offline').waitFor();
  const parts = await ask(page);
  await page.getByRole('status').getByText('waiting to send').waitFor();
  await page.context().setOffline(false);
  return parts;
}

describe('predictions learn claims as they arrive', () => {
  it('a claim written while the gateway runs leads the same question within five minutes, online and on the device', async () => {
    const { context, page } = await signedInPage(browser, DANA, { baseURL: gateway.url });
    const errors = trackPageErrors(page);
    await swControlled(page);
    // Machine 1 seen once, so Home lists it among the recent machines.
    await page.goto(M1_PAGE);
    await page.getByTestId('machine-header').waitFor();
    await prepareForTheField(page);
    expect((await ask(page)).filter((p) => p.includes(PART))).toEqual([]);
    expect((await askOffline(page)).filter((p) => p.includes(PART))).toEqual([]);
    const before = await page.request.get(BUNDLE);
    expect(before.status()).toBe(200);
    const etag = before.headers().etag!;

    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: database.env.DATABASE_URL }),
      }),
    });
    const written = Date.now();
    await addClaimsOnMachine1(kysely, threeClaimsOf(SYMPTOM, PART, 'Flux gizmo'));
    await kysely.destroy();

    // The device's bundle changes its ETag once the gateway's engine has learned them.
    await expect
      .poll(
        async () =>
          (await page.request.get(BUNDLE, { headers: { 'If-None-Match': etag } })).status(),
        { timeout: LEARN_LIMIT_MS, interval: 1_000 },
      )
      .toBe(200);
    expect(Date.now() - written).toBeLessThan(LEARN_LIMIT_MS);

    // Each answer shows its causal part, then the part's description.
    expect((await ask(page))[0]).toBe(`${PART} Flux gizmo`);

    // The device keeps the new statistics (its bundle's ETag changed) and ranks as the gateway.
    await prepareForTheField(page);
    expect((await askOffline(page))[0]).toBe(`${PART} Flux gizmo`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
