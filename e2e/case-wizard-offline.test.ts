import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstPage,
  launchPersistent,
  signIn,
  swControlled,
  trackPageErrors,
} from './support/browser';
import {
  M1_PAGE,
  atStep,
  attachments,
  caseForm,
  casesWithSubject,
  failureFromCatalogue,
  feedOf,
  next,
  symptom,
} from './support/case-wizard';
import { storedRows } from './support/device-db';
import { makePhotos, PREPARED_PHOTO_NAMES, type TestPhotos } from './support/photos';

/*
 * A case made without signal (product §4 Wizard, Offline-first): the wizard runs offline on
 * what the machine page kept, the case waits on the device through a browser restart, and
 * reaches the gateway exactly once, with its photos and message, when the device is online.
 */
let dir: string;
let photos: TestPhotos;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'torque-e2e-wizard-offline-'));
  photos = await makePhotos(dir);
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const DANA = 'dana.tech@northfield.example';

interface KeptLookup {
  key: string;
}
interface OutboxEntry {
  kind: string;
  status: string;
}

describe('create case wizard offline', () => {
  it('a case made offline survives a browser restart and is sent once, with its files, message and number', async () => {
    const profile = join(dir, 'profile');
    let context = await launchPersistent(profile);
    try {
      let page = await firstPage(context);
      let errors = trackPageErrors(page);
      await signIn(page, DANA);
      // The machine seen online: it and what its wizard needs are kept on the device.
      await page.goto(M1_PAGE);
      await page.getByTestId('machine-header').waitFor();
      await swControlled(page);
      await expect
        .poll(async () => (await storedRows<KeptLookup>(page, 'wizardLookups')).map((r) => r.key), {
          timeout: 30_000,
        })
        .toEqual(expect.arrayContaining(['dtc|M7-172', 'parts|M7-172']));

      await context.setOffline(true);
      await page.getByTestId('sync-status').getByText('Offline').waitFor();
      await page.getByRole('button', { name: 'Create Case' }).click();
      const subject = `Offline: PTO will not engage ${Date.now()}`;
      await symptom(page, subject);
      await atStep(page, '2');
      await page.getByText(/^Knowledge suggestions need a connection\./).waitFor();
      await next(page);
      await failureFromCatalogue(page);
      await caseForm(page);
      const message = `Written without signal ${Date.now()}`;
      await attachments(page, photos, message);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you for your submission').waitFor();
      const confirmation = page.getByTestId('wizard-confirmation');
      await confirmation
        .getByText('Your case will be sent when the device is back online.')
        .waitFor();
      const reference = await confirmation.locator('strong').innerText();
      expect(reference).toMatch(/^LOCAL-[0-9A-F]{8}$/);
      expect(errors).toEqual([]);
      expect(await casesWithSubject(page, subject)).toEqual([]);
      await context.close();

      // The browser again, still without signal: the case waits on the machine.
      context = await launchPersistent(profile, { offline: true });
      page = await firstPage(context);
      errors = trackPageErrors(page);
      await page.goto(M1_PAGE);
      await page.getByTestId('machine-header').waitFor();
      await page.getByRole('tab', { name: 'Cases' }).click();
      const row = page.getByTestId('case-row').filter({ hasText: subject });
      await row.waitFor();
      // Kept through the restart: waiting, under its local reference, and not yet sent.
      // The row reads: reference, machine, status, date.
      expect(await row.innerText()).toMatch(
        new RegExp(`${reference}\\s+M7-172 · 52016\\s+Waiting to send`, 'i'),
      );
      const chain = await storedRows<OutboxEntry>(page, 'outbox');
      expect(chain.map((e) => e.kind).sort()).toEqual(
        ['case-create', 'case-feed-item', 'case-file', 'case-file'].sort(),
      );
      // Tried and failed without network at most: nothing is sent, nothing given up on.
      expect(chain.filter((e) => e.status !== 'pending' && e.status !== 'retry')).toEqual([]);
      expect(await casesWithSubject(page, subject)).toEqual([]);

      expect(errors).toEqual([]);
      await context.close();

      // Online again: the whole chain is sent, once.
      context = await launchPersistent(profile);
      page = await firstPage(context);
      errors = trackPageErrors(page);
      await page.goto(M1_PAGE);
      await page.getByRole('tab', { name: 'Cases' }).click();
      await expect
        .poll(async () => (await storedRows<OutboxEntry>(page, 'outbox')).map((e) => e.status), {
          timeout: 60_000,
        })
        .toEqual(['done', 'done', 'done', 'done']);
      const created = await casesWithSubject(page, subject);
      expect(created).toHaveLength(1);
      const [sent] = created;
      const items = (await feedOf(page, sent!.id)).filter((i) => i.body === message);
      expect(items.map((i) => i.attachments.map((a) => a.name).sort())).toEqual([
        PREPARED_PHOTO_NAMES,
      ]);
      // The app shows the number the gateway gave.
      await page.getByTestId('case-row').filter({ hasText: sent!.caseNumber }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
