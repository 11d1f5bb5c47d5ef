import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_REFUSED_MESSAGE } from '../src/domain/shared-files';
import { launchBrowser, signedInPage, swControlled, trackPageErrors } from './support/browser';
import { putStoredRow, storedRows } from './support/device-db';

/*
 * Sharing into the installed app: the phone POSTs the shared files to the manifest's share
 * target and the service worker answers, signal or not. Offline, a photo (with a PDF the
 * share leaves out) goes to a case through "Add to a case" and is sent once back online; two
 * photos shared from the page's own fetch land in the new case wizard's draft. A page of another
 * website that posts a form to the share target gets nothing into the share inbox.
 */

const DANA = 'dana.tech@northfield.example';

let browser: Browser;
let dir: string;
const files: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'torque-e2e-share-'));
  for (const [name, color] of [
    ['leak.jpg', '#b03a2e'],
    ['valve.jpg', '#1f618d'],
  ] as const) {
    files[name] = join(dir, name);
    await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
      .jpeg()
      .toFile(files[name]!);
  }
  files['manual.pdf'] = join(dir, 'manual.pdf');
  writeFileSync(files['manual.pdf'], '%PDF-1.4\n%%EOF\n');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Another website (another origin: its own port on 127.0.0.1) whose page posts a photo to
 * Torque's share target as soon as it loads; under /hidden it also hides its address.
 */
function startOtherSite(torque: string): Promise<Server> {
  const page = (hidden: boolean) => `<!doctype html><html><head>
${hidden ? '<meta name="referrer" content="no-referrer">' : ''}</head><body>
<form method="post" action="${torque}/share-target" enctype="multipart/form-data">
<input type="file" name="files"></form>
<script>
  const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])],
    'URGENT-recall-notice.png', { type: 'image/png' });
  const picked = new DataTransfer();
  picked.items.add(file);
  document.querySelector('input').files = picked.files;
  document.querySelector('form').submit();
</script></body></html>`;
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page(req.url === '/hidden'));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What the phone does on Share: a form POST (a navigation) to the share target. */
async function shareByNavigation(page: Page, paths: string[]) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    form.innerHTML = '<input type="file" name="files" multiple data-share>';
    document.body.append(form);
  });
  await page.setInputFiles('input[data-share]', paths);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/share'),
    page.evaluate(() => document.querySelector('form')!.submit()),
  ]);
}

describe('sharing into Torque', () => {
  it('offline: a shared photo goes to a case with Add to a case and is sent once online', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const list = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: {
        id: string;
        status: string;
        caseNumber: string;
        subject: string;
        modelNumber: string | null;
        lastActivityAt: string;
      }[];
    };
    const target = list.cases.filter((c) => c.status === 'Created')[14]!;
    // Opened once, so it is among the recent cases the device keeps.
    await page.goto(`/support/case/${target.id}`);
    await page.getByText(`Case ${target.caseNumber}`).waitFor();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/home');

    // Case History seen once: the device keeps the dealer's list.
    await page.goto('/support/cases');
    await page.getByTestId('case-row').first().waitFor();
    await expect
      .poll(() => page.getByTestId('case-count').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+ of \d+ cases$/);
    const newest = list.cases[0]!;

    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    await shareByNavigation(page, [files['leak.jpg']!, files['manual.pdf']!]);
    await page.getByRole('heading', { name: 'Add to Torque' }).waitFor();
    const shared = page.getByTestId('shared-files');
    await shared.getByText(/^leak\.jpg · /).waitFor();
    expect(await shared.getByText('manual.pdf').count()).toBe(0);
    // The photo is shown, not only named.
    const thumbnail = shared.getByRole('img', { name: 'leak.jpg' });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add to a case' }).click();
    const choices = page.getByRole('region', { name: 'Choose a case' });
    // Newest activity first, each with its machine and the date of its last activity.
    const first = choices.getByTestId('share-case').first();
    const firstText = await first.innerText();
    expect(firstText).toContain(`Case ${newest.caseNumber} · ${newest.subject}`);
    const date = await page.evaluate((at) => {
      const d = new Date(at);
      return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
    }, newest.lastActivityAt);
    expect(firstText).toContain(date);
    if (newest.modelNumber) expect(firstText).toContain(newest.modelNumber);
    // An older case is found by its number, typed key by key.
    await choices.getByLabel('Find a case').pressSequentially(target.caseNumber);
    await expect.poll(() => choices.getByTestId('share-case').count()).toBe(1);
    const chosen = choices.getByTestId('share-case').first();
    expect(await chosen.innerText()).toContain(`Case ${target.caseNumber} · ${target.subject}`);
    await chosen.click();
    await page.waitForURL((u) => u.pathname === `/support/case/${target.id}`);
    const panel = page.getByRole('complementary', { name: 'Post an update' });
    await panel.getByRole('img', { name: 'leak.jpg' }).waitFor({ timeout: 30_000 });
    const text = `Shared from the gallery ${Date.now()}`;
    await panel.getByLabel('Update').pressSequentially(text);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('feed-item-queued').filter({ hasText: text }).waitFor();
    // Taken off the device once handed on.
    expect(await storedRows(page, 'sharedFiles')).toEqual([]);

    await context.setOffline(false);
    const sent = page.getByTestId('feed-item').filter({ hasText: text });
    await sent.getByRole('button', { name: 'Enlarge leak.jpg' }).waitFor({ timeout: 60_000 });
    const feed = (await (await page.request.get(`/api/v1/cases/${target.id}/feed`)).json()) as {
      items: { body: string; attachments: { name: string; contentType: string }[] }[];
    };
    const posted = feed.items.filter((i) => i.body === text);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.attachments.map((a) => [a.name, a.contentType])).toEqual([
      ['leak.jpg', 'image/jpeg'],
    ]);
    // A reload of the case adds nothing again.
    await page.reload();
    await sent.waitFor();
    expect(await panel.getByTestId('upload-preview').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("another website's form posts nothing into the share inbox, its address hidden or not", async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const torque = new URL(page.url()).origin;
    const other = await startOtherSite(torque);
    const otherSite = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      for (const path of ['/', '/hidden']) {
        await page.goto(`${otherSite}${path}`, { waitUntil: 'commit' });
        await page.waitForURL((u) => u.origin === torque && u.pathname === '/share');
        await page.getByText(SHARE_REFUSED_MESSAGE).waitFor();
        expect(await page.getByText(/URGENT-recall-notice/).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Add to a case' }).count()).toBe(0);
        expect(await storedRows(page, 'sharedFiles')).toEqual([]);
      }
    } finally {
      other.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two photos POSTed by fetch through the worker land in the new case draft', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await swControlled(page);
    const photos = ['leak.jpg', 'valve.jpg'].map((name) => ({
      name,
      base64: readFileSync(files[name]!).toString('base64'),
    }));
    const answer = await page.evaluate(async (shared) => {
      const form = new FormData();
      for (const f of shared) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        form.append('files', new File([bytes], f.name, { type: 'image/jpeg' }));
      }
      form.append('title', 'Two photos');
      const res = await fetch('/share-target', { method: 'POST', body: form });
      return { url: res.url, redirected: res.redirected };
    }, photos);
    expect(answer.redirected).toBe(true);
    const url = new URL(answer.url);
    expect(url.pathname).toBe('/share');
    await page.goto(url.pathname + url.search);
    await page
      .getByTestId('shared-files')
      .getByText(/^valve\.jpg · /)
      .waitFor();
    await page.getByRole('button', { name: 'Start a new case' }).click();
    await page.waitForURL((u) => u.pathname === '/support/machine/case/create');
    await page
      .getByLabel(/serial/i)
      .first()
      .waitFor();
    const drafts = await storedRows<{ id: string; state: { files: { name: string }[] } }>(
      page,
      'caseDrafts',
    );
    const draft = drafts.find((d) => d.id === 'case||');
    expect(draft?.state.files.map((f) => f.name)).toEqual(['leak.jpg', 'valve.jpg']);
    expect(await storedRows(page, 'sharedFiles')).toEqual([]);

    // The machine is asked for first, and the count stays the same once it is found.
    await page.getByText('Which machine is this case for?').waitFor();
    await page.getByText('Step 1 of 7 · Machine').waitFor();
    await page.getByLabel('Serial Number').pressSequentially('52016');
    await page.getByLabel('Model Number').and(page.locator('input')).pressSequentially('M7-172');
    await page.waitForURL((u) => u.pathname === '/support/machine/case/create/sn-52016/mn-M7-172/');
    await page.getByText('Step 2 of 7 · Problem').waitFor();
    // The photos went on with the machine's draft: one draft holds them, none is left without
    // a machine to be filed again.
    await expect
      .poll(async () =>
        (await storedRows<{ id: string; state: { files?: unknown[] } }>(page, 'caseDrafts'))
          .map((d) => `${d.id}:${d.state.files?.length ?? 0}`)
          .sort(),
      )
      .toEqual(['case|M7-172|52016:2']);
    await page.reload();
    await page.getByText('Step 2 of 7 · Problem').waitFor();
    expect((await storedRows<{ id: string }>(page, 'caseDrafts')).map((d) => d.id)).toEqual([
      'case|M7-172|52016',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a draft kept without its machine resumes at the machine step', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };
    // As an earlier version left it: past the machine step, with no machine.
    await page.goto('/settings/offline');
    await putStoredRow(page, 'caseDrafts', {
      ownerUserId: me.id,
      id: 'case||',
      flow: 'case',
      serial: '',
      model: '',
      pin: '',
      subject: '',
      state: {
        wizardId: crypto.randomUUID(),
        subject: '',
        dtc: '',
        articles: [],
        failure: {
          assembly: '',
          subAssembly: '',
          keyPart: '',
          failureDate: '',
          probableCauseRemarks: '',
        },
        parties: {
          accountId: null,
          accountName: '',
          contactId: null,
          contactName: '',
          newContact: null,
        },
        form: {},
        message: '',
        files: [],
        step: 1,
      },
      updatedAt: Date.now(),
    });
    await page.reload();
    const drafts = page.getByTestId('wizard-drafts');
    await drafts.getByRole('button', { name: 'Resume' }).click();
    await page.waitForURL((u) => u.pathname === '/support/machine/case/create');
    await page.getByText('Which machine is this case for?').waitFor();
    await page.getByText('Step 1 of 7 · Machine').waitFor();
    expect(await page.getByText('Step 2 of 7 · Problem').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
