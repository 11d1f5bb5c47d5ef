import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  signIn,
  trackPageErrors,
  swControlled,
} from './support/browser';
import { queuedPairing } from './support/dcu-pairing';
import { portFor } from './support/ports';
import { startSeededGateway } from './support/seeded-gateway';
import { networkSettled } from './support/settle';

/*
 * The Offline & sync page in Chromium against the real gateway: "Prepare for the field"
 * downloads Northfield's machines (progress, last refresh), then a machine that was never
 * opened shows offline; storage and persistence are shown; the shell says Offline.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface StoredEntry {
  id: string;
  status: string;
  lastError?: { status?: number; message: string; errorCode?: string };
}

/** Raw IndexedDB access to the outbox (no app code), for what the device really holds. */
function outbox(page: Page, put?: unknown): Promise<StoredEntry[]> {
  return page.evaluate(
    (row) =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          if (row) store.put(row);
          const all = store.getAll();
          tx.oncomplete = () => resolve(all.result as StoredEntry[]);
          tx.onerror = () => reject(tx.error);
        };
      }),
    put,
  );
}

interface StoredMachine {
  ownerUserId: string;
  serial: string;
  model: string;
  dealerId: string | null;
  detail: { servicingDealerName: string | null; endCustomerName: string | null };
}

/** Reads db.machines straight from IndexedDB (no app code): what the device really holds. */
function storedMachines(page: Page): Promise<StoredMachine[]> {
  return page.evaluate(
    () =>
      new Promise<StoredMachine[]>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('machines').objectStore('machines').getAll();
          all.onsuccess = () => resolve(all.result as StoredMachine[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

describe('Offline & sync', () => {
  it('prepares for the field, then opens a never-viewed Northfield machine offline', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, 'dana.tech@northfield.example');
    await swControlled(page);

    // Settings links the page.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Offline & sync' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/offline');
    await page.getByRole('heading', { name: 'Offline & sync' }).waitFor();
    await page.getByRole('heading', { name: 'Pending changes' }).waitFor();
    await page.getByRole('heading', { name: 'Needs attention' }).waitFor();

    // Storage used / quota and the persistence status are shown.
    await expect
      .poll(() => page.getByTestId('storage-estimate').innerText())
      .toMatch(/used of .* available/);
    expect(await page.getByTestId('persist-status').innerText()).toMatch(
      /^Persistent storage: (on|off)\./,
    );

    // Prepare for the field: dana is external, so her own dealer's machines, no picker.
    expect(await page.getByLabel('Dealer').count()).toBe(0);
    // The download can be quicker than a locator's polling: record every progress value shown.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const now = bar?.getAttribute('aria-valuenow');
        if (now && seen.at(-1) !== now) seen.push(now);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Download machines' }).click();
    const done = page
      .getByTestId('field-pack-result')
      .getByText(/machines of Northfield Equipment are on this device/);
    await done.waitFor({ timeout: 60_000 });
    const count = Number((await done.innerText()).match(/(\d+) machines of/)![1]);
    // The demo data: at least machine 1 and the five M5-111 machines (and >= 25 in Northfield).
    expect(count).toBeGreaterThanOrEqual(6);
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    // Progress moved through at least one partial value to the end.
    expect(progress.some((v) => Number(v) > 0 && Number(v) < 100)).toBe(true);
    expect(progress.at(-1)).toBe('100');

    const stored = await storedMachines(page);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };
    expect(stored).toHaveLength(count);
    expect(stored.every((m) => m.ownerUserId === me.id)).toBe(true);
    expect(stored.every((m) => m.detail.servicingDealerName === 'Northfield Equipment')).toBe(true);
    expect(stored.some((m) => m.serial === '41877' && m.model === 'M5-111')).toBe(true);
    expect(stored.some((m) => m.serial === '70531')).toBe(false); // Riverbend's stolen machine

    // The last refresh is recorded on the page.
    await page
      .getByTestId('last-refresh')
      .getByText(`${count} machines of Northfield Equipment`)
      .waitFor();
    // Every area reads as words, not as its stored key, and big counts carry a separator.
    const refreshed = page.getByTestId('last-refresh');
    await refreshed.getByText('Past claims for parts predictions', { exact: true }).waitFor();
    const areas = await refreshed.locator('tr > td:first-child > p:first-child').allInnerTexts();
    expect(areas.filter((area) => /^[a-z]+(-[a-z]+)*$/.test(area))).toEqual([]);
    expect(await done.innerText()).toMatch(
      /For parts predictions: \d{1,3}(,\d{3})+ past claims of \d+ models\./,
    );

    // Offline: the shell says so, and a machine never opened before opens from the device.
    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    await page.goto('/support/machine/details/sn-41877/mn-M5-111');
    await page.getByText('KBCM5111TNP041877').first().waitFor({ timeout: 15_000 });
    await page.getByText('Walter Hanson').first().waitFor();
    await page.getByTestId('last-updated').waitFor();
    expect(await page.getByText('Machine Not Found').count()).toBe(0);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    // Its icon comes from the service worker's icon cache (warmed by the download).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.images].some(
            (img) =>
              img.src.includes('/api/v1/machine-icons/') && img.complete && img.naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    expect(await page.evaluate(() => caches.keys())).toContain('torque-machine-icons');

    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Log Out with an unsent change asks first, keeps it, and sends it when she signs in again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, 'dana.tech@northfield.example');
    await swControlled(page);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };

    // A DCU pairing queued offline (an IMEI the gateway does not know: no side effect there).
    await context.setOffline(true);
    const queued = queuedPairing(me.id, {
      imei: '111111111111111',
      serial: '41876',
      pin: 'KBCM5111TNP041876',
    });
    const { id } = queued;
    await outbox(page, queued);
    await page.reload();
    await page
      .getByTestId('sync-status')
      .getByLabel('1 change waiting to send', { exact: true })
      .waitFor();
    await page.getByTestId('sync-status').getByText('Offline').waitFor();

    // Held up for want of a connection: the page says so, never a next try already past.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Offline & sync' }).click();
    const held = page.getByTestId('outbox-entry').filter({ hasText: '111111111111111' });
    await held.getByText('Not tried yet · waiting for a connection').waitFor();
    expect(await held.innerText()).not.toContain('next try at');

    await page.goBack();
    await page.getByRole('button', { name: 'Log Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsent changes' });
    await dialog
      .getByText(
        'You have 1 change waiting to be sent. You are offline: it stays on this device and is sent when you are back online and signed in again.',
      )
      .waitFor();
    // Offline there is nothing to sync over: no Sync now. Cancel keeps her signed in.
    expect(await dialog.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/settings');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await dialog.getByRole('button', { name: 'Log out anyway' }).click();
    await page.waitForURL((u) => u.pathname === '/logout');
    expect((await outbox(page)).find((e) => e.id === id)?.status).toMatch(/^(pending|retry)$/);

    // Signed in again, online: the app's start replays it; the gateway refuses this IMEI for good.
    await context.setOffline(false);
    // The login screen first settles the logout it owes the gateway (made offline): wait for
    // it, and for it to stay on /login (the old cookie must not let anyone back in).
    await page.goto('/login');
    await networkSettled(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    await signIn(page, 'dana.tech@northfield.example');
    await expect
      .poll(async () => (await outbox(page)).find((e) => e.id === id)?.status, { timeout: 30_000 })
      .toBe('needs-attention');
    const refused = (await outbox(page)).find((e) => e.id === id)!;
    expect(refused.lastError?.status).toBeGreaterThanOrEqual(400);
    expect(refused.lastError?.message).toBeTruthy();

    // The page shows the gateway's message verbatim; Discard (confirmed) removes it.
    await page.getByTestId('sync-status').getByLabel('1 change needs attention').click();
    await page.waitForURL((u) => u.pathname === '/settings/offline');
    const card = page.getByTestId('outbox-entry').filter({ hasText: '111111111111111' });
    expect(await card.getByTestId('outbox-error').innerText()).toBe(refused.lastError!.message);
    await card.getByRole('button', { name: 'Discard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
    await confirm.getByRole('button', { name: 'Discard change' }).click();
    await card.waitFor({ state: 'detached' });
    // Gone from the device once the few seconds to undo it are up.
    await expect
      .poll(async () => (await outbox(page)).find((e) => e.id === id), { timeout: 20_000 })
      .toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('service worker update', () => {
  it('offers Reload when a new version is waiting, and Reload activates it', async () => {
    // A gateway of its own over a copy of the build, so the test can publish a "new version".
    const staticDir = mkdtempSync(join(tmpdir(), 'torque-e2e-dist-'));
    cpSync('dist', staticDir, { recursive: true });
    const gateway = await startSeededGateway(portFor('update'), {
      STATIC_DIR: staticDir,
    });
    try {
      const context = await browser.newContext({ baseURL: gateway.url });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await signIn(page, 'dana.tech@northfield.example');
      await swControlled(page);
      const scriptOf = () =>
        page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
      expect(await scriptOf()).toMatch(/\/sw\.js$/);

      // The next version of the service worker (its precompressed copies would shadow it).
      const sw = join(staticDir, 'sw.js');
      writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// next version\n`);
      rmSync(`${sw}.br`, { force: true });
      rmSync(`${sw}.gz`, { force: true });
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      await page.getByText('A new version is ready').waitFor({ timeout: 30_000 });
      const before = await page.evaluate(() => performance.timeOrigin);
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction((t) => performance.timeOrigin !== t, before, {
        timeout: 30_000,
      });
      // For a moment Home's painted snapshot and the live screen may each hold a card.
      await page.getByTestId('profile-card').first().waitFor();
      // The new worker is active and nothing waits any more.
      expect(
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return { waiting: !!reg?.waiting, active: reg?.active?.state };
        }),
      ).toEqual({ waiting: false, active: 'activated' });
      expect(await page.getByText('A new version is ready').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await gateway.stop();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
