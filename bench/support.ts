import type { Page } from 'playwright-core';
import sharp, { type Sharp } from 'sharp';

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function ms(n: number): string {
  return `${n.toFixed(0)} ms`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Empties one IndexedDB store of the app's database in the page, without app code. */
export function clearStore(page: Page, store: string): Promise<void> {
  return page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(name, 'readwrite');
          tx.objectStore(name).clear();
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    store,
  );
}

/**
 * A phone's 12-megapixel photo (4032 x 3024) with noise, so decoders and encoders have real
 * work: encode it with `.png()` or `.jpeg()`.
 */
export function phonePhoto(): Sharp {
  return sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  }).blur(2);
}

/** Gateway settings under which no bench burst meets a fair-use limit. */
export const NO_FAIR_USE_LIMITS = {
  EXPENSIVE_REQUESTS: '1000000',
  EXPENSIVE_CONCURRENCY: '1000',
  EXPENSIVE_PER_USER: '1000000',
  USER_REQUESTS: '1000000',
};
