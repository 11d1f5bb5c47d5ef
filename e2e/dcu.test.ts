import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  baseUrl,
  launchBrowser,
  newContext,
  signIn,
  trackPageErrors,
} from './support/browser';
import { BACK_ONLINE_MS } from './support/device-db';
import { writeQrVideo } from './support/qr-video';
import {
  checkImei,
  commitHours,
  outboxEntries,
  serverPairings,
  waitForServiceWorker,
} from './support/dcu-pairing';

/*
 * DCU pairing and the Keyless Master Password in Chromium against the real gateway.
 * Each free demo unit can be paired once per run, so each test has its own unit and machine:
 *   358000000000001 + M5-111 41876  online commit
 *   356938035643809 + M5-111 41877  already paired (machine 1's unit): refused
 *   358000000000002 + M5-111 41878  committed offline
 *   358000000000003 + M5-111 41879  user switch
 *   358000000000005 + M5-111 41880  scanned with the camera (checked, not committed)
 * (e2e/dcu-replay.test.ts uses its own gateway and 358000000000004 + 41880.)
 */

const DANA = 'dana.tech@northfield.example';
const ELI = 'eli.tech@riverbend.example';
const SAVED = 'The pairing is saved on this device and will be sent when the connection returns.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await signIn(page, email);
  return { context, page, errors };
}

/** /logout's "Sign out of the company identity provider", confirmed on the provider's page. */
async function signOutOfProvider(page: Page) {
  await page.getByRole('link', { name: 'Sign out of the company identity provider' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByText('You are signed out.').waitFor();
}

const commitStatus = (page: Page) => page.getByTestId('dcu-commit-status');

describe('DCU pairing', () => {
  it('checks a free unit, shows its card, commits online: one pairing, success with BACK', async () => {
    const { context, page, errors } = await signedIn(DANA);
    await page.goto('/support/machine/imei/sn-41876/mn-M5-111');
    await page.getByText('M5-111 41876').waitFor();

    // Only digits are kept, and Check waits for all 15 of them.
    const field = page.getByLabel('IMEI');
    const check = page.getByRole('button', { name: 'Check DCU Status' });
    await field.pressSequentially('35a8-0000');
    expect(await field.inputValue()).toBe('3580000');
    await page.getByText('IMEI must be 15 char long').waitFor();
    expect(await check.isDisabled()).toBe(true);
    await field.fill('');
    await field.pressSequentially('358000000000001');
    expect(await check.isEnabled()).toBe(true);
    await check.click();

    const card = page.getByTestId('dcu-card');
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('358000000000001');
    expect(text).toContain('DCU-4G-200');
    expect(text).toContain('11/15/2026');

    const commit = page.getByRole('button', { name: 'Commit' });
    expect(await commit.isDisabled()).toBe(true);
    await commitHours(page, '1234.5');
    await commitStatus(page).getByRole('button', { name: 'BACK' }).waitFor();
    expect(await commitStatus(page).innerText()).toContain(
      'DCU 358000000000001 is paired with M5-111 41876.',
    );

    const pairings = await serverPairings(page.request, '358000000000001');
    expect(pairings.map((p) => [p.serialNumber, p.modelNumber])).toEqual([['41876', 'M5-111']]);

    // Opened straight from its address, BACK leads to the machine.
    await commitStatus(page).getByRole('button', { name: 'BACK' }).click();
    await page.waitForURL((u) => u.pathname === '/support/machine/details/sn-41876/mn-M5-111');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says an unknown IMEI is invalid and shows "No available info." for a unit that never reported', async () => {
    const { context, page } = await signedIn(DANA);
    await page.goto('/support/machine/imei/sn-41880/mn-M5-111');
    await page.getByLabel('IMEI').pressSequentially('111111111111111');
    await page.getByRole('button', { name: 'Check DCU Status' }).click();
    await page
      .getByText(
        'The scan results are invalid. Please refer to the warranty system to verify and resolve this issue.',
      )
      .waitFor();
    await page.getByLabel('IMEI').fill('');
    await page.getByLabel('IMEI').pressSequentially('353456789012345');
    await page.getByRole('button', { name: 'Check DCU Status' }).click();
    const card = page.getByTestId('dcu-card');
    await card.waitFor();
    expect(await card.innerText()).toContain('DCU-3G-100');
    expect(await card.innerText()).toContain('No available info.');
    // Step 1 goes back to the IMEI at any time.
    await page.getByRole('button', { name: 'Start over (Step 1)' }).click();
    await page.getByLabel('IMEI').waitFor();
    expect(await card.count()).toBe(0);
    await context.close();
  });

  it('lands an already-paired unit in needs-attention with the server message; Discard removes it', async () => {
    const { context, page, errors } = await signedIn(DANA);
    await checkImei(page, '41877', '356938035643809');
    await commitHours(page, '88');

    const warning = page.getByTestId('dcu-commit-error');
    await warning.waitFor();
    const message = await warning.innerText();
    expect(message).toMatch(/already paired/i);
    await commitStatus(page).getByRole('button', { name: 'RESET' }).waitFor();
    await page.getByRole('link', { name: '1 change needs attention' }).waitFor();

    // The Offline & sync page shows the same words, and Discard asks first.
    await page.getByTestId('sync-status').click();
    await page.waitForURL((u) => u.pathname === '/settings/offline');
    const entry = page
      .getByTestId('outbox-entry')
      .filter({ hasText: 'Pair DCU 356938035643809 with M5-111 41877' });
    await entry.waitFor();
    expect(await entry.innerText()).toContain(message);
    await entry.getByRole('button', { name: 'Discard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this change?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await entry.count()).toBe(1);
    await entry.getByRole('button', { name: 'Discard' }).click();
    await dialog.getByRole('button', { name: 'Discard change' }).click();
    await entry.waitFor({ state: 'detached' });
    // Gone from the device once the few seconds to undo it are up.
    await expect
      .poll(
        async () =>
          (await outboxEntries(page)).filter((e) => e.summary.includes('356938035643809')),
        { timeout: 20_000 },
      )
      .toEqual([]);

    // Refused for good, it never paired: machine 1 keeps its unit.
    const pairings = await serverPairings(page.request, '356938035643809');
    expect(pairings.some((p) => p.serialNumber === '41877')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('commits offline after the check; back online it is applied once and the screen says so', async () => {
    const { context, page, errors } = await signedIn(DANA);
    await waitForServiceWorker(page);
    await checkImei(page, '41878', '358000000000002');

    await context.setOffline(true);
    await commitHours(page, '512');
    await commitStatus(page).getByText(SAVED).waitFor();
    await page.getByRole('link', { name: '1 change waiting to send' }).waitFor();
    const [queued] = (await outboxEntries(page)).filter((e) =>
      e.summary.includes('358000000000002'),
    );
    expect(queued?.summary).toBe('Pair DCU 358000000000002 with M5-111 41878');
    expect(['pending', 'sending', 'retry']).toContain(queued?.status);

    await context.setOffline(false);
    await commitStatus(page)
      .getByRole('button', { name: 'BACK' })
      .waitFor({ timeout: BACK_ONLINE_MS });
    const pairings = await serverPairings(page.request, '358000000000002');
    expect(pairings).toHaveLength(1);
    expect(pairings[0]?.serialNumber).toBe('41878');
    const [sent] = (await outboxEntries(page)).filter((e) => e.id === queued?.id);
    expect(sent?.status).toBe('done');
    expect(sent?.result?.pairingId).toBe(pairings[0]?.pairingId);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps pending writes to their owner across a user switch, and sends them when she is back', async () => {
    const { context, page } = await signedIn(DANA);
    await waitForServiceWorker(page);
    await checkImei(page, '41879', '358000000000003');
    await context.setOffline(true);
    await commitHours(page, '77.5');
    await commitStatus(page).getByText(SAVED).waitFor();

    // Back online, but the pairing endpoint stays out of reach (for the page and the service
    // worker alike), so the write is still unsent when she logs out online: the gateway
    // session really ends (logged out offline, the cookie would outlive the logout).
    await context.route('**/api/v1/dcu/pairings', (route) => route.abort('connectionrefused'));
    await context.setOffline(false);

    // Log Out with a pending write: say how many, offer to sync, let her leave anyway.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    const modal = page.getByRole('dialog', { name: 'Unsent changes' });
    await modal.waitFor();
    expect(await modal.innerText()).toContain('You have 1 change waiting to be sent.');
    await modal.getByRole('button', { name: 'Log out anyway' }).click();
    await page.waitForURL((u) => u.pathname === '/logout');
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
    await context.unroute('**/api/v1/dcu/pairings');

    // A shared device: she also signs out of the identity provider, as /logout advises (a
    // second account signing in over a live provider session fails there: reported).
    await signOutOfProvider(page);

    // Eli on the same device: nothing of Dana's is listed, and nothing was sent as him.
    await signIn(page, ELI);
    await page.goto('/settings/offline');
    await page.getByRole('heading', { name: 'Offline & sync' }).waitFor();
    // Sync now says what its run did once it is over; while another run holds the outbox (the
    // service worker's, "Already sending") it is asked again. Its first real answer must be that
    // nothing was due for Eli.
    const note = page.getByRole('status').filter({
      hasText: /^(Nothing was due|Already sending|Sent \d|No connection|Sign in again)/,
    });
    const notes: string[] = [];
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Sync now' }).click();
          notes.push(await note.innerText());
          return notes.at(-1);
        },
        { timeout: 30_000 },
      )
      .not.toMatch(/^Already sending/);
    expect(notes.at(-1)).toBe('Nothing was due to be sent.');
    expect(await page.getByTestId('outbox-entry').count()).toBe(0);
    expect(await serverPairings(page.request, '358000000000003')).toEqual([]);
    const [kept] = (await outboxEntries(page)).filter((e) => e.summary.includes('358000000000003'));
    expect(kept?.status).not.toBe('done');

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/logout');
    await signOutOfProvider(page);

    // Dana again: her write goes out on sign-in, once.
    await signIn(page, DANA);
    await expect
      .poll(async () => (await serverPairings(page.request, '358000000000003')).length, {
        timeout: 30_000,
      })
      .toBe(1);
    // The gateway applies the write before the device has recorded its answer.
    await expect
      .poll(async () => (await outboxEntries(page)).find((e) => e.id === kept?.id)?.status)
      .toBe('done');
    await context.close();
  });
});

describe('Keyless Master Password', () => {
  it('shows its three messages, a result, and Back to Lookup Form clears it', async () => {
    const { context, page, errors } = await signedIn(DANA);
    await page.goto('/support/dcu/masterkey');
    const field = page.getByLabel('DCU Module Serial Number');
    const submit = page.getByRole('button', { name: 'Submit' });

    await submit.click();
    await page.getByText('Serial Number is required').waitFor();
    await field.pressSequentially('12345');
    await page.getByText('Serial Number must be between 6-11 digits').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await field.fill('');
    await field.pressSequentially('12345a');
    await page
      .getByText(
        'Serial Number only accepts numbers. No symbols, spaces or alphabetical characters are allowed.',
      )
      .waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await field.fill('');
    await field.pressSequentially('1234567');
    await submit.click();
    const result = page.getByTestId('master-key-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('1234567');
    const password = (await page.getByTestId('master-password').innerText()).trim();
    expect(password.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Back to Lookup Form' }).click();
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await result.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('DCU pairing with the camera', () => {
  it('scans the IMEI with the rear camera, keeps its digits, closes the scanner, checks the unit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'torque-e2e-dcu-scan-'));
    const video = join(dir, 'imei.y4m');
    // A label that carries more than the digits: only the 15 digits are kept. Three blank
    // seconds first, so the scanner can be closed before the code comes into view.
    writeQrVideo(video, 'IMEI 358000000000005', { blankFrames: 30 });
    const camera = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await camera.newContext({
        baseURL: baseUrl(),
        viewport: { width: 412, height: 915 },
      });
      await context.grantPermissions(['camera'], { origin: baseUrl() });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await signIn(page, DANA);
      await page.goto('/support/machine/imei/sn-41880/mn-M5-111');

      // Close Scanner leaves scan mode without a code.
      await page.getByRole('button', { name: 'Scan' }).click();
      await page.getByRole('button', { name: 'Close Scanner' }).click();
      await page.getByRole('button', { name: 'Scan' }).waitFor();
      expect(await page.getByLabel('IMEI').inputValue()).toBe('');

      await page.getByRole('button', { name: 'Scan' }).click();
      await page.getByRole('button', { name: 'Close Scanner' }).waitFor();
      await expect
        .poll(() => page.getByLabel('IMEI').inputValue(), { timeout: 30_000 })
        .toBe('358000000000005');
      // The camera is released once the code is read.
      expect(await page.locator('video').count()).toBe(0);
      await page.getByRole('button', { name: 'Check DCU Status' }).click();
      const card = page.getByTestId('dcu-card');
      await card.waitFor();
      expect(await card.innerText()).toContain('358000000000005');
      expect(errors).toEqual([]);
    } finally {
      await camera.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
