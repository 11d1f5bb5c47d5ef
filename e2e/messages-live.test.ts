import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import { sendMessageToAccount } from './support/messages';
import { networkSettled } from './support/settle';

/*
 * product §2 Messages: a message sent while the list is open shows there without a reload,
 * also where the browser has no push service (headless Chromium never subscribes).
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Messages left open', () => {
  it('shows a message sent meanwhile, without a reload', async () => {
    const dana = await signedInPage(browser, DANA);
    const errors = trackPageErrors(dana.page);
    await dana.page.goto('/messages');
    await dana.page.getByRole('heading', { name: 'Messages' }).waitFor();
    await networkSettled(dana.page);
    let loads = 0;
    dana.page.on('load', () => loads++);

    const title = `Messages stay current ${Date.now()}`;
    expect(await sendMessageToAccount(browser, 'D10417', title)).toBeGreaterThan(0);

    await dana.page
      .getByRole('button', { name: `Open message ${title}` })
      .waitFor({ timeout: 45_000 });
    expect(loads).toBe(0);
    expect(errors).toEqual([]);
    await dana.context.close();
  });
});
