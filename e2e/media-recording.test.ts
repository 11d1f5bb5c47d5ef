import { chromium, type Browser, type Page } from 'playwright-core';
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
 * saves. Back online, the update is sent once, and the feed plays the gateway's copy.
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

/** Plays the feed's audio element for a moment: how far it got and whether it failed. */
function playFor(page: Page, selector: string) {
  return page.evaluate(async (sel) => {
    const audio = document.querySelector<HTMLAudioElement>(sel)!;
    await audio.play();
    await new Promise((r) => setTimeout(r, 1500));
    audio.pause();
    return { currentTime: audio.currentTime, error: audio.error?.code ?? null, src: audio.src };
  }, selector);
}

describe('recorded machine sounds', () => {
  it('records 5 s into an update offline; online it is sent once and plays in the feed', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: { id: string; status: string; caseNumber: string }[];
    };
    const target = list.cases.filter((c) => c.status === 'Created')[12]!;
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    const panel = page.getByRole('complementary', { name: 'Post an update' });
    await panel.getByRole('button', { name: 'Save Changes' }).waitFor();

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    await panel.getByRole('button', { name: 'Record sound' }).click();
    const recorder = page.getByRole('dialog', { name: 'Record sound' });
    await recorder.getByText('of 0:30').waitFor();
    await recorder.getByText('Recording 0:05').waitFor({ timeout: 15_000 });
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await recorder.waitFor({ state: 'detached' });
    const attached = panel.getByTestId('upload-preview');
    await expect.poll(() => attached.count()).toBe(1);
    expect(await attached.innerText()).toMatch(/^sound-\d{8}-\d{6}\.webm · /);

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

    const feed = (await (await page.request.get(`/api/v1/cases/${target.id}/feed`)).json()) as Feed;
    const posted = feed.items.filter((i) => i.body === text);
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
});
