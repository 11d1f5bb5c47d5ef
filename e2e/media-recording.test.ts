import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  signedInPage,
  swControlled,
  trackPageErrors,
} from './support/browser';

/*
 * A machine's noise for the TSC: on a phone without signal the technician records five seconds
 * with the microphone (Chromium's fake device, a real MediaRecorder) into Post an update and
 * saves. Back online, the update is sent once, and the feed plays the gateway's copy. A short
 * clip from the camera (Chromium's fake one) goes the same way and plays as a video.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      // A microphone and camera that exist, allowed without a prompt.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      // The test presses play from a script, not a finger.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});

interface Feed {
  items: { body: string; attachments: { name: string; contentType: string; url: string }[] }[];
}

/** The `index`th of dana's cases still at Created, opened, with Post an update ready. */
async function openCreatedCase(page: Page, index: number) {
  const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
    cases: { id: string; status: string; caseNumber: string }[];
  };
  const target = list.cases.filter((c) => c.status === 'Created')[index]!;
  await page.goto(`/support/case/${target.id}`);
  await page.getByText(`Case ${target.caseNumber}`).waitFor();
  const panel = page.getByRole('complementary', { name: 'Post an update' });
  await panel.getByRole('button', { name: 'Save Changes' }).waitFor();
  return { target, panel };
}

/**
 * Taps "Record sound" or "Record video", lets it run until the recorder shows `seconds` gone
 * (the limit beside it is `limit`), taps Stop, and returns the name the update shows attached.
 */
async function recordFor(
  page: Page,
  panel: Locator,
  what: 'Record sound' | 'Record video',
  seconds: number,
  limit: string,
): Promise<string> {
  await panel.getByRole('button', { name: what }).click();
  const recorder = page.getByRole('dialog', { name: what });
  await recorder.getByText(`of ${limit}`).waitFor();
  await recorder.getByText(`Recording 0:0${seconds}`).waitFor({ timeout: 15_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await recorder.waitFor({ state: 'detached' });
  const attached = panel.getByTestId('upload-preview');
  await expect.poll(() => attached.count()).toBe(1);
  return attached.innerText();
}

/** The attached file's tile: its name whole, and nothing (the remove ✕) over any of its lines. */
async function tileReadable(panel: Locator, name: string) {
  const tile = panel.getByTestId('upload-preview');
  const remove = await tile.getByRole('button', { name: `Remove ${name}` }).boundingBox();
  const words = await tile.getByText(name).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tileBox = el.closest('[data-testid="upload-preview"]')!.getBoundingClientRect();
    return {
      lines: [...range.getClientRects()].map((r) => ({
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
      })),
      tileBottom: tileBox.bottom,
    };
  });
  expect(words.lines.length).toBeGreaterThan(0);
  for (const a of words.lines) {
    const b = remove!;
    const overlaps =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    // Every line inside its tile: the name is not cut off.
    expect(a.y + a.height).toBeLessThanOrEqual(words.tileBottom);
  }
}

/** Taps Play on the attached recording's tile, plays it for a moment, and closes the player. */
async function playBeforeSending(
  page: Page,
  panel: Locator,
  name: string,
  element: 'audio' | 'video',
) {
  await tileReadable(panel, name);
  await panel.getByRole('button', { name: `Play ${name}` }).click();
  const player = page.getByRole('dialog', { name: `Play ${name}` });
  await player.locator(element).waitFor();
  const played = await playFor(page, `[role="dialog"] ${element}`);
  expect(played.error).toBeNull();
  expect(played.currentTime).toBeGreaterThan(0.5);
  await player.getByRole('button', { name: 'Close' }).click();
  await player.waitFor({ state: 'detached' });
}

/** The gateway's feed items with `text` as their body. */
async function postedWith(page: Page, caseId: string, text: string) {
  const feed = (await (await page.request.get(`/api/v1/cases/${caseId}/feed`)).json()) as Feed;
  return feed.items.filter((i) => i.body === text);
}

/**
 * Plays the feed's audio or video element for a moment: how far it got, whether it failed,
 * and (for a video) how ready it was and the picture's size.
 */
function playFor(page: Page, selector: string) {
  return page.evaluate(async (sel) => {
    const media = document.querySelector<HTMLMediaElement>(sel)!;
    await media.play();
    await new Promise((r) => setTimeout(r, 1500));
    media.pause();
    const video = media instanceof HTMLVideoElement ? media : null;
    return {
      currentTime: media.currentTime,
      error: media.error?.code ?? null,
      readyState: media.readyState,
      duration: media.duration,
      videoWidth: video?.videoWidth ?? 0,
      videoHeight: video?.videoHeight ?? 0,
    };
  }, selector);
}

describe('recorded machine sounds and clips', () => {
  it('records 5 s into an update offline; online it is sent once and plays in the feed', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const { target, panel } = await openCreatedCase(page, 12);

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    const attached = await recordFor(page, panel, 'Record sound', 5, '0:30');
    expect(attached).toMatch(/^sound-\d{8}-\d{6}\.webm · /);
    // Its name readable on its tile, and heard on the device before it is sent.
    await playBeforeSending(page, panel, attached.split(' · ')[0]!, 'audio');

    const text = `Grinding at idle, recorded ${Date.now()}`;
    await panel.getByLabel('Update').pressSequentially(text);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    // Waiting to send, and playable from the device already.
    const queued = page.getByTestId('feed-item-queued').filter({ hasText: text });
    await queued.locator('audio').waitFor();
    expect(await queued.locator('audio').getAttribute('src')).toMatch(/^blob:/);

    await context.setOffline(false);
    const sent = page.getByTestId('feed-item').filter({ hasText: text });
    await sent.locator('audio').waitFor({ timeout: 60_000 });
    const src = await sent.locator('audio').getAttribute('src');
    expect(src).toMatch(/^\/api\/v1\/case-files\/\w+$/);

    const posted = await postedWith(page, target.id, text);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.attachments).toHaveLength(1);
    expect(posted[0]!.attachments[0]).toMatchObject({ contentType: 'audio/webm', url: src });
    const file = await page.request.get(src!);
    expect(file.headers()['content-type']).toBe('audio/webm');
    // Five seconds of Opus at 64 kbit/s: tens of kilobytes, not an empty file.
    expect((await file.body()).length).toBeGreaterThan(10_000);

    const played = await playFor(page, `[data-testid="feed-item"] audio[src="${src}"]`);
    expect(played.error).toBeNull();
    expect(played.currentTime).toBeGreaterThan(0.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('records 3 s of the camera into an update; it is sent once and the feed plays the clip', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const { target, panel } = await openCreatedCase(page, 13);

    const attached = await recordFor(page, panel, 'Record video', 3, '0:15');
    expect(attached).toMatch(/^video-\d{8}-\d{6}\.webm · /);
    await playBeforeSending(page, panel, attached.split(' · ')[0]!, 'video');

    const text = `Leak at the pump, filmed ${Date.now()}`;
    await panel.getByLabel('Update').pressSequentially(text);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    const sent = page.getByTestId('feed-item').filter({ hasText: text });
    await sent.locator('video').waitFor({ timeout: 60_000 });
    const src = await sent.locator('video').getAttribute('src');
    expect(src).toMatch(/^\/api\/v1\/case-files\/\w+$/);

    const posted = await postedWith(page, target.id, text);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.attachments).toHaveLength(1);
    expect(posted[0]!.attachments[0]).toMatchObject({ contentType: 'video/webm', url: src });
    const file = await page.request.get(src!);
    expect(file.headers()['content-type']).toBe('video/webm');
    // Three seconds at 900 kbit/s: well over 50 kB, far under the gateway's 20 MB.
    const bytes = (await file.body()).length;
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes).toBeLessThan(2_000_000);

    const played = await playFor(page, `[data-testid="feed-item"] video[src="${src}"]`);
    expect(played.error).toBeNull();
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.duration).toBeGreaterThan(0);
    expect(played.currentTime).toBeGreaterThan(0.5);
    // The picture the camera gave, at the phone-friendly size asked for.
    expect([played.videoWidth, played.videoHeight]).toEqual([640, 480]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
