import type { APIRequestContext, Page } from 'playwright-core';
import { swControlled } from './browser';

/** The unpaired demo machines of the DCU tests (model M5-111, serials 41876..41880). */
export const PAIRING_MODEL = 'M5-111';

export function pairingPath(serial: string): string {
  return `/support/machine/imei/sn-${serial}/mn-${PAIRING_MODEL}`;
}

/** Opens the DCU pairing screen of an M5-111 and types the IMEI, then Check DCU Status. */
export async function checkImei(page: Page, serial: string, imei: string): Promise<void> {
  await page.goto(pairingPath(serial));
  await page.getByText(`${PAIRING_MODEL} ${serial}`).waitFor();
  await page.getByLabel('IMEI').pressSequentially(imei);
  await page.getByRole('button', { name: 'Check DCU Status' }).click();
  await page.getByTestId('dcu-card').waitFor();
}

/** Step 2: engine hours and Commit. */
export async function commitHours(page: Page, hours: string): Promise<void> {
  await page.getByLabel('Engine Hours').pressSequentially(hours);
  await page.getByRole('button', { name: 'Commit' }).click();
}

interface Pairing {
  pairingId: string;
  imeiNumber: string;
  serialNumber: string;
  modelNumber: string;
}

/** GET /api/v1/dcu/:imei/pairings as the signed-in user: what the server applied. */
export async function serverPairings(request: APIRequestContext, imei: string): Promise<Pairing[]> {
  const res = await request.get(`/api/v1/dcu/${imei}/pairings`);
  if (!res.ok()) throw new Error(`pairings of ${imei}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { pairings: Pairing[] }).pairings;
}

export interface StoredEntry {
  id: string;
  ownerUserId: string;
  status: string;
  summary: string;
  payload: Record<string, unknown>;
  result?: { pairingId?: string };
}

/** The device's outbox as IndexedDB holds it (read without the app's code). */
export function outboxEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const get = idb.transaction('outbox').objectStore('outbox').getAll();
          get.onsuccess = () => {
            idb.close();
            resolve(get.result as StoredEntry[]);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Waits until the page's service worker controls it (so going offline keeps the app whole). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await swControlled(page);
}

/** A DCU pairing as the pairing screen queues it when offline: pending, not tried yet. */
export function queuedPairing(
  ownerUserId: string,
  { imei, serial, pin = '' }: { imei: string; serial: string; pin?: string },
) {
  const now = Date.now();
  return {
    id: crypto.randomUUID(),
    ownerUserId,
    kind: 'dcu-pairing',
    payload: {
      serialNumber: serial,
      modelNumber: PAIRING_MODEL,
      pin,
      dcuPartNumber: 'DCU-4G-200',
      imeiNumber: imei,
      usageHours: '10',
    },
    summary: `Pair DCU ${imei} with ${PAIRING_MODEL} ${serial}`,
    status: 'pending',
    attempts: 0,
    dependsOn: [],
    createdAt: now,
    updatedAt: now,
    nextAttemptAt: now,
  };
}
