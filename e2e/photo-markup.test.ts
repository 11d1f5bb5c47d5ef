import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Browser, CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_ONLINE_MS } from './support/device-db';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { M1_PAGE, atStep, casesWithSubject, caseForm, typedToForm } from './support/case-wizard';

/*
 * A photo that points at the fault, on a 412 px phone without signal: in the wizard's step 5 the
 * technician marks up a camera-sized photo with a finger (touch events, so pointer events of type
 * touch), draws an arrow, takes it back, draws another, applies and submits. Back online, the
 * case's feed shows the photo, and the gateway's copy has the second arrow and not the first.
 */

const DANA = 'dana.tech@northfield.example';
/** The camera's photo and the colour it is: a 12 MP frame of one red. */
const PHOTO = { width: 4032, height: 3024, rgb: [0xb0, 0x3a, 0x2e] };
/** The theme's primary orange, the marks' first colour. */
const ORANGE = [0xf7, 0x67, 0x07];
/** Where the two arrows run across the photo (fractions of its height). */
const UNDONE_Y = 0.7;
const KEPT_Y = 0.35;

let browser: Browser;
let dir: string;
let photo: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'torque-e2e-markup-'));
  photo = join(dir, 'leak.jpg');
  await sharp({
    create: {
      width: PHOTO.width,
      height: PHOTO.height,
      channels: 3,
      background: { r: PHOTO.rgb[0]!, g: PHOTO.rgb[1]!, b: PHOTO.rgb[2]! },
    },
  })
    .jpeg()
    .toFile(photo);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A finger drawn across the canvas from `from` to `to` (fractions of its box), in steps. */
async function swipe(
  cdp: CDPSession,
  box: { x: number; y: number; width: number; height: number },
  from: [number, number],
  to: [number, number],
) {
  const at = (f: number) => ({
    x: box.x + box.width * (from[0] + (to[0] - from[0]) * f),
    y: box.y + box.height * (from[1] + (to[1] - from[1]) * f),
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let i = 1; i <= 12; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i / 12)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The stored photo's size and its colour at points given as fractions of it. */
function pixelsOf(page: Page, url: string, points: [number, number][]) {
  return page.evaluate(
    async ({ url, points }) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const at = points.map(([x, y]) => [
        ...ctx.getImageData(Math.round(x * bitmap.width), Math.round(y * bitmap.height), 1, 1).data,
      ]);
      return { width: bitmap.width, height: bitmap.height, at };
    },
    { url, points },
  );
}

const near = (rgba: number[], rgb: number[]) => rgb.every((v, i) => Math.abs(rgba[i]! - v) < 40);

async function markUp(page: Page, context: BrowserContext) {
  await page.getByRole('button', { name: 'Mark up leak.jpg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark up leak.jpg' });
  const canvas = dialog.getByRole('img', { name: 'leak.jpg, drawn on' });
  await canvas.waitFor({ timeout: 30_000 });
  const box = (await canvas.boundingBox())!;
  // The photo fits the phone's screen, its own shape kept.
  expect(box.width).toBeLessThanOrEqual(412);
  expect(box.width / box.height).toBeCloseTo(PHOTO.width / PHOTO.height, 1);
  expect(await dialog.getByRole('radio', { name: 'Arrow' }).isChecked()).toBe(true);
  const cdp = await context.newCDPSession(page);
  await swipe(cdp, box, [0.2, UNDONE_Y], [0.8, UNDONE_Y]);
  await expect.poll(() => canvas.getAttribute('data-marks')).toBe('1');
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => canvas.getAttribute('data-marks')).toBe('0');
  await swipe(cdp, box, [0.2, KEPT_Y], [0.8, KEPT_Y]);
  await expect.poll(() => canvas.getAttribute('data-marks')).toBe('1');
  await cdp.detach();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

describe('photos that point at the fault', () => {
  it('marks up a 12 MP photo with a finger in step 5 offline; the case gets the arrow, not the undone one', async () => {
    const { context, page } = await signedInPage(browser, DANA, { hasTouch: true });
    const errors = trackPageErrors(page);
    await swControlled(page);
    await page.goto(M1_PAGE);
    const subject = `Leak at the valve block ${Date.now()}`;
    await typedToForm(page, subject);
    await caseForm(page);
    await atStep(page, '5');

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload' }).click(),
    ]);
    await chooser.setFiles([photo]);
    const previews = page.getByTestId('upload-previews');
    await previews.getByRole('img', { name: 'leak.jpg' }).waitFor({ timeout: 30_000 });
    await markUp(page, context);
    await previews.getByRole('img', { name: 'leak.jpg' }).waitFor();
    const message = `Arrow shows the leak ${Date.now()}`;
    await page.getByLabel('Message').pressSequentially(message);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you for your submission').waitFor();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'GO TO CASE' }).click({ timeout: 60_000 });
    await page.waitForURL((u) => u.pathname.startsWith('/support/case/'));
    const item = page.getByTestId('feed-item').filter({ hasText: message });
    await item.getByRole('img', { name: 'leak.jpg' }).waitFor({ timeout: BACK_ONLINE_MS });

    const [created] = await casesWithSubject(page, subject);
    const feed = (await (await page.request.get(`/api/v1/cases/${created!.id}/feed`)).json()) as {
      items: { body: string; attachments: { name: string; url: string }[] }[];
    };
    const sent = feed.items.filter((i) => i.body === message);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attachments.map((a) => a.name)).toEqual(['leak.jpg']);
    const stored = await pixelsOf(page, sent[0]!.attachments[0]!.url, [
      [0.5, KEPT_Y],
      [0.5, UNDONE_Y],
      [0.1, 0.1],
    ]);
    // The photo as prepared for upload (long side 2560), marked up at that full size.
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 2560, height: 1920 });
    const [kept, undone, untouched] = stored.at;
    expect(near(kept!, ORANGE), `arrow pixel ${kept}`).toBe(true);
    expect(near(undone!, PHOTO.rgb), `undone arrow pixel ${undone}`).toBe(true);
    expect(near(untouched!, PHOTO.rgb), `untouched pixel ${untouched}`).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
