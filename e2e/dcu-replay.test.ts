import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signIn, trackPageErrors } from './support/browser';
import { startGateway, type RunningGateway } from './support/gateway';
import { portFor } from './support/ports';
import { startSeededGateway } from './support/seeded-gateway';
import {
  checkImei,
  commitHours,
  outboxEntries,
  serverPairings,
  waitForServiceWorker,
} from './support/dcu-pairing';

/*
 * The gateway goes down (the network stays up) while a DCU commit waits to be sent, then comes
 * back on the same port and database: the write is applied once. This test runs its own gateway
 * (its worker's E2E_REPLAY_PORT, its own data directory) so it can stop and start it; it serves the same dist/.
 */

const PORT = portFor('replay');
const IMEI = '358000000000004';
const SAVED = 'The pairing is saved on this device and will be sent when the connection returns.';

let browser: Browser;
let gateway: RunningGateway | undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'torque-e2e-replay-'));
  [browser, gateway] = await Promise.all([
    launchBrowser(),
    startSeededGateway(PORT, { DATA_DIR: dataDir }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DCU commit while the gateway is down', () => {
  it('retries on network errors, is applied once when the gateway is back, and a resend changes nothing', async () => {
    const url = gateway!.url;
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 412, height: 915 },
    });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, 'dana.tech@northfield.example');
    await waitForServiceWorker(page);
    await checkImei(page, '41880', IMEI);

    // The gateway stops; the browser's network does not (navigator.onLine stays true).
    await gateway!.stop();
    gateway = undefined;
    await commitHours(page, '2048.25');
    await page.getByTestId('dcu-commit-status').getByText(SAVED).waitFor();
    await expect
      .poll(async () => (await outboxEntries(page)).find((e) => e.payload.imeiNumber === IMEI), {
        timeout: 15_000,
      })
      .toMatchObject({ status: 'retry' });
    const [entry] = (await outboxEntries(page)).filter((e) => e.payload.imeiNumber === IMEI);
    expect(entry?.ownerUserId).toBeTruthy();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    // Back on the same port and database; "Sync now" on Offline & sync sends it.
    gateway = await startGateway(PORT, { DATA_DIR: dataDir });
    await page.getByTestId('sync-status').click();
    await page.waitForURL((u) => u.pathname === '/settings/offline');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(async () => (await outboxEntries(page)).find((e) => e.id === entry?.id)?.status, {
        timeout: 30_000,
      })
      .toBe('done');
    const pairings = await serverPairings(page.request, IMEI);
    expect(pairings).toHaveLength(1);
    expect(pairings[0]?.serialNumber).toBe('41880');

    // The pairing screen (its history entry remembers the commit) now shows the success.
    await page.goBack();
    await page.getByTestId('dcu-commit-status').getByRole('button', { name: 'BACK' }).waitFor();

    // The same entry sent again (a replay after a lost answer): the first answer, no new pairing.
    const [done] = (await outboxEntries(page)).filter((e) => e.id === entry?.id);
    const again = await page.request.post('/api/v1/dcu/pairings', {
      headers: { 'Idempotency-Key': entry!.id },
      data: entry!.payload,
    });
    expect(again.ok()).toBe(true);
    expect(((await again.json()) as { pairingId: string }).pairingId).toBe(done?.result?.pairingId);
    expect(await serverPairings(page.request, IMEI)).toHaveLength(1);

    // The device loses the answer (the entry is pending again, as after a crash mid-flight) and
    // the app restarts: the replayer sends the same key once more; still one pairing.
    await page.evaluate(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('torque');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const tx = idb.transaction('outbox', 'readwrite');
            const store = tx.objectStore('outbox');
            const get = store.get(id);
            get.onsuccess = () => {
              store.put({ ...get.result, status: 'pending', result: undefined, nextAttemptAt: 0 });
            };
            tx.oncomplete = () => {
              idb.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      entry!.id,
    );
    await page.reload();
    await expect
      .poll(async () => (await outboxEntries(page)).find((e) => e.id === entry?.id)?.status, {
        timeout: 30_000,
      })
      .toBe('done');
    const [resent] = (await outboxEntries(page)).filter((e) => e.id === entry?.id);
    expect(resent?.result?.pairingId).toBe(done?.result?.pairingId);
    expect(await serverPairings(page.request, IMEI)).toHaveLength(1);
    await page.getByTestId('dcu-commit-status').getByRole('button', { name: 'BACK' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
