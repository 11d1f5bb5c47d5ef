import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { storedRows } from './support/device-db';

/*
 * Case photos offline in Chromium against the real gateway: "Prepare for the field" keeps the
 * thumbnails of the open cases' photos (WebP, as the gateway draws them), and a case never opened
 * shows them offline, in its grid and enlarged.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface KeptThumbnail {
  id: string;
  caseId: string;
  type: string;
  size: number;
}

/** The thumbnails the device holds, read from IndexedDB without app code (a Blob stays in the page). */
function keptThumbnails(page: Page): Promise<KeptThumbnail[]> {
  return page.evaluate(
    () =>
      new Promise<KeptThumbnail[]>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('caseImages').objectStore('caseImages').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { id: string; caseId: string; blob: Blob }[]).map((r) => ({
                id: r.id,
                caseId: r.caseId,
                type: r.blob.type,
                size: r.blob.size,
              })),
            );
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Whether an image shows: loaded, with pixels, from the device (an object URL). */
const shownFromDevice = (img: HTMLImageElement) =>
  img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0;

describe('case photos offline', () => {
  it("after Prepare for the field, a case never opened shows its photos' thumbnails offline", async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Offline & sync' }).click();
    await page.getByRole('button', { name: 'Download machines' }).click();
    await page
      .getByTestId('field-pack-result')
      .getByText(/are on this device/)
      .waitFor({ timeout: 120_000 });

    // The thumbnails are kept as the gateway drew them: small WebP pictures.
    const kept = await keptThumbnails(page);
    expect(kept.length).toBeGreaterThan(0);
    expect(new Set(kept.map((k) => k.type))).toEqual(new Set(['image/webp']));
    expect(kept.every((k) => k.size > 0 && k.size < 20_000)).toBe(true);

    // The open case with the fewest photos (other files on this gateway may add to the rest).
    const perCase = new Map<string, KeptThumbnail[]>();
    for (const k of kept) perCase.set(k.caseId, [...(perCase.get(k.caseId) ?? []), k]);
    const [caseId, photos] = [...perCase].sort((a, b) => a[1].length - b[1].length)[0]!;
    const stored = await storedRows<{ id: string; detail: { caseNumber: string } }>(page, 'cases');
    const caseNumber = stored.find((c) => c.id === caseId)!.detail.caseNumber;

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    await page.goto(`/support/case/${caseId}`);
    await page.getByText(`Case ${caseNumber}`).waitFor({ timeout: 15_000 });
    const tiles = page.getByTestId('image-grid').getByRole('img');
    await expect.poll(() => tiles.count()).toBe(photos.length);
    for (const tile of await tiles.all()) {
      // The tiles load lazily: bring each into view as a person scrolling the feed does.
      await tile.scrollIntoViewIfNeeded();
      await expect.poll(() => tile.evaluate(shownFromDevice)).toBe(true);
    }

    // Enlarged offline, the viewer shows the kept thumbnail: 320 px on its long side.
    const name = (await tiles.first().getAttribute('alt'))!;
    await page.getByRole('button', { name: `Enlarge ${name}` }).click();
    const viewer = page.getByRole('dialog').getByRole('img', { name });
    await viewer.waitFor();
    await expect.poll(() => viewer.evaluate(shownFromDevice)).toBe(true);
    expect(
      await viewer.evaluate((img: HTMLImageElement) =>
        Math.max(img.naturalWidth, img.naturalHeight),
      ),
    ).toBe(320);

    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
