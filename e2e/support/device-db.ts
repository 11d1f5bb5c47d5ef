import type { Page } from 'playwright-core';
import { SEND_TIMEOUT_MS } from '../../src/sync/replay-send';

/**
 * How long a write kept offline may take to reach the gateway once the connection is back: a
 * send begun at the very moment it returns can hang until its own timeout, and is then tried
 * again after the first back-off.
 */
export const BACK_ONLINE_MS = SEND_TIMEOUT_MS + 30_000;

/**
 * Every row of one IndexedDB store of the app's database, read without app code: what the
 * device really holds.
 */
export function storedRows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => resolve(all.result as T[]);
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

/** Writes one row into a store of the app's database behind the app's back (no live query sees it). */
export function putStoredRow(page: Page, store: string, row: unknown): Promise<void> {
  return page.evaluate(
    ([name, value]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(name, 'readwrite');
          tx.objectStore(name).put(value);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [store, row] as const,
  );
}
