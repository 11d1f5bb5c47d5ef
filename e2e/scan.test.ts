import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, baseUrl, signIn, trackPageErrors } from './support/browser';
import { writeQrVideo } from './support/qr-video';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'torque-e2e-scan-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Chromium's fake camera plays a video this test makes, showing one QR code; the scanner
 * (rear camera, @zxing/browser) reads it and the product §5 parsing opens the machine.
 */
async function scan(code: string) {
  const video = join(dir, `${code.replace(/\W+/g, '_')}.y4m`);
  writeQrVideo(video, code);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 412, height: 915 },
  });
  await context.grantPermissions(['camera'], { origin: baseUrl() });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await signIn(page, 'dana.tech@northfield.example');
  await page.goto('/support/machine/search');
  await page.getByRole('button', { name: 'Scan Machine Serial Number' }).click();
  await page.getByRole('button', { name: 'Close Scanner' }).waitFor();
  return { browser, page, errors };
}

describe('scanning a machine code with the camera', () => {
  it('WGN + SN prefixes open the machine by model and serial', async () => {
    const { browser, page, errors } = await scan('WGNM7-172 SN52016');
    try {
      await page.waitForURL((u) => u.pathname === '/support/machine/details/sn-52016/mn-M7-172', {
        timeout: 30_000,
      });
      const header = page.getByTestId('machine-header');
      expect(await header.getByRole('heading').innerText()).toBe('M7-172 52016');
      // The camera is released once the code is read.
      expect(await page.locator('video').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a PIN alone opens the machine by PIN', async () => {
    const { browser, page } = await scan('PINKBCL3560HDC070531');
    try {
      await page.waitForURL(
        (u) => u.pathname === '/support/machine/details/pin-KBCL3560HDC070531',
        { timeout: 30_000 },
      );
      const header = page.getByTestId('machine-header');
      expect(await header.getByRole('heading').innerText()).toBe('L3560 70531');
    } finally {
      await browser.close();
    }
  });

  it('a code that names no machine says Machine Not Found and stays on the search', async () => {
    const { browser, page } = await scan('not a machine code');
    try {
      await page.getByRole('alert').filter({ hasText: 'Machine Not Found' }).waitFor();
      await page.getByRole('button', { name: 'Scan Machine Serial Number' }).waitFor();
      expect(await page.locator('video').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/support/machine/search');
    } finally {
      await browser.close();
    }
  });
});
