import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signedInPage, trackPageErrors } from './support/browser';
import {
  M1_PAGE,
  atStep,
  caseForm,
  failureFromCatalogue,
  next,
  suggestionsShown,
  symptom,
} from './support/case-wizard';
import { networkSettled } from './support/settle';

/*
 * Every screen fits a phone 412 px wide: nothing makes the page scroll sideways. Each screen is
 * opened as its user reaches it (dana the dealer technician, sam the staff member, ada the
 * administrator), in a touch phone's context, and measured once its content is shown.
 */
const WIDTH = 412;
const PHONE = { viewport: { width: WIDTH, height: 915 }, hasTouch: true, isMobile: true };
const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const ADA = 'ada.admin@torque.example';
/** Northfield's open case on machine 1: a feed with two photos and a PDF. */
const M1_CASE = '/support/case/500000000000000001';

let browser: Browser;
let dir: string;
let photo: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'torque-e2e-width-'));
  // A camera-sized photo: wider than the phone by three times.
  photo = join(dir, 'wide.jpg');
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7a2e' } })
    .jpeg()
    .toFile(photo);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Overflow {
  screen: string;
  scrollWidth: number;
}

/** The page's width beyond the viewport once `screen` shows; none when it fits. */
async function measure(page: Page, screen: string): Promise<Overflow[]> {
  // Images and late panels settle before the page is measured.
  await networkSettled(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return scrollWidth > WIDTH ? [{ screen, scrollWidth }] : [];
}

/** Opens `path`, waits for `ready`, measures. */
async function at(
  page: Page,
  screen: string,
  path: string,
  ready: (p: Page) => Promise<unknown>,
): Promise<Overflow[]> {
  await page.goto(path);
  await ready(page);
  return measure(page, screen);
}

const heading = (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor();

describe(`every screen at a phone ${WIDTH} px wide`, () => {
  it('the sign-in screen fits', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    expect(
      await at(page, 'login', '/login', (p) =>
        p.getByRole('button', { name: 'Sign in' }).waitFor(),
      ),
    ).toEqual([]);
    await context.close();
  });

  it("a technician's screens fit, the wizard's attachments with a 1200 x 900 photo too", async () => {
    const { context, page } = await signedInPage(browser, DANA, PHONE);
    const errors = trackPageErrors(page);
    const wide: Overflow[] = [];
    wide.push(
      ...(await at(page, 'home', '/home', (p) => p.getByTestId('profile-card').first().waitFor())),
      ...(await at(page, 'knowledge', '/knowledge', (p) =>
        p.getByRole('searchbox', { name: 'Search knowledge' }).waitFor(),
      )),
      ...(await at(page, 'knowledge results', '/knowledge?s=hydraulic+pump&c=all', (p) =>
        p.getByTestId('knowledge-result').first().waitFor(),
      )),
    );
    await page.getByTestId('knowledge-result').first().getByRole('link').first().click();
    await page.getByTestId('article-body').waitFor();
    wide.push(...(await measure(page, 'knowledge article')));
    wide.push(
      ...(await at(page, 'support', '/support', heading)),
      ...(await at(page, 'training', '/support/ku', heading)),
      ...(await at(page, 'machine search', '/support/machine/search', (p) =>
        p.getByLabel('Serial Number').waitFor(),
      )),
      ...(await at(page, 'telematics machine search', '/support/machine/search/imei', (p) =>
        p.getByLabel('Serial Number').waitFor(),
      )),
      ...(await at(page, 'machine list', '/support/machineResults?city=Northfield&state=MN', (p) =>
        p.getByRole('link', { name: 'View' }).first().waitFor(),
      )),
      ...(await at(page, 'machine detail', M1_PAGE, (p) =>
        p.getByTestId('machine-header').waitFor(),
      )),
      ...(await at(page, 'DCU pairing', '/support/machine/imei/sn-41876/mn-M5-111', (p) =>
        p.getByLabel('IMEI').waitFor(),
      )),
      ...(await at(page, 'master key', '/support/dcu/masterkey', (p) =>
        p.getByRole('button', { name: 'Submit' }).waitFor(),
      )),
      ...(await at(page, 'PDI', '/support/machine/pdi/sn-52016/mn-M7-172', heading)),
      ...(await at(page, 'custom inspection', '/support/test/customInspection', (p) =>
        p.getByTestId('custom-inspection').waitFor({ state: 'attached' }),
      )),
      ...(await at(page, 'case list', '/support/cases', heading)),
      ...(await at(page, 'case detail', M1_CASE, (p) =>
        p
          .getByRole('button', { name: /^Enlarge / })
          .first()
          .waitFor(),
      )),
      ...(await at(page, 'dealer contacts', '/support/DealerContacts', (p) =>
        p.getByRole('link', { name: /@/ }).first().waitFor(),
      )),
      ...(await at(page, 'messages', '/messages', heading)),
      ...(await at(page, 'settings', '/settings', (p) =>
        p.getByRole('button', { name: 'Log Out' }).waitFor(),
      )),
      ...(await at(page, 'offline & sync', '/settings/offline', (p) =>
        p.getByTestId('last-refresh').waitFor(),
      )),
      ...(await at(page, 'notification dashboard (not allowed)', '/support/notifdashboard', (p) =>
        p.getByText('Not allowed').waitFor(),
      )),
    );

    // The wizard, step by step to its attachments, where a camera-sized photo is picked.
    await page.goto(M1_PAGE);
    await page.getByRole('button', { name: 'Create Case' }).click();
    wide.push(...(await measure(page, 'wizard step 1')));
    await symptom(page, `Layout check ${Date.now()}`);
    await suggestionsShown(page);
    wide.push(...(await measure(page, 'wizard step 2')));
    await next(page);
    await atStep(page, '3');
    wide.push(...(await measure(page, 'wizard step 3')));
    await failureFromCatalogue(page);
    await page.getByRole('heading', { name: 'Machine Information' }).waitFor();
    wide.push(...(await measure(page, 'wizard step 4')));
    await caseForm(page);
    await atStep(page, '5');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload' }).click(),
    ]);
    await chooser.setFiles([photo]);
    const preview = page.getByTestId('upload-previews').getByRole('img', { name: 'wide.jpg' });
    await preview.waitFor({ timeout: 30_000 });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    wide.push(...(await measure(page, 'wizard step 5 with a 1200 x 900 photo')));
    expect(wide).toEqual([]);

    // The photo is a thumbnail with its remove button on it, big enough for a finger.
    const box = (await preview.boundingBox())!;
    const remove = (await page.getByRole('button', { name: 'Remove wide.jpg' }).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(WIDTH / 2);
    expect(remove.width).toBeGreaterThanOrEqual(44);
    expect(remove.height).toBeGreaterThanOrEqual(44);
    expect(remove.x).toBeGreaterThanOrEqual(box.x);
    expect(remove.y).toBeGreaterThanOrEqual(box.y);
    expect(remove.x + remove.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(remove.y + remove.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("staff's screens fit: dealer lookup, a dealer's case history, a report and its wizard", async () => {
    const { context, page } = await signedInPage(browser, SAM, PHONE);
    const errors = trackPageErrors(page);
    const wide: Overflow[] = [];
    wide.push(
      ...(await at(page, 'dealer lookup', '/support/sf/dealer/lookup', (p) =>
        p.getByRole('button', { name: 'Search' }).first().waitFor(),
      )),
    );
    const dealers = (await (await page.request.get('/api/v1/dealers?name=Northfield')).json()) as {
      dealers: { id: string }[];
    };
    const cases = (await (await page.request.get('/api/v1/cases?limit=500')).json()) as {
      cases: { id: string; recordType: string }[];
    };
    const report = cases.cases.find((c) => c.recordType === 'Report')!;
    expect(report).toBeTruthy();
    const orgId = dealers.dealers[0]!.id;
    wide.push(
      ...(await at(page, "a dealer's case history", `/support/dealer/cases/${orgId}`, heading)),
      ...(await at(page, 'report detail', `/support/case/${report.id}`, heading)),
      ...(await at(
        page,
        'report wizard',
        '/support/machine/report/create/sn-52016/mn-M7-172',
        (p) => atStep(p, '1'),
      )),
      ...(await at(page, 'dealer contacts (staff)', '/support/DealerContacts', heading)),
    );
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the administrator's notification dashboard fits, with a filter row and History", async () => {
    const { context, page } = await signedInPage(browser, ADA, PHONE);
    const errors = trackPageErrors(page);
    const wide: Overflow[] = [];
    wide.push(
      ...(await at(page, 'notification dashboard', '/support/notifdashboard', (p) =>
        p.getByRole('button', { name: 'Validate' }).waitFor(),
      )),
    );
    await page.getByRole('button', { name: 'Add Filter' }).click();
    await page.getByLabel('Filter 1 field').waitFor();
    wide.push(...(await measure(page, 'notification dashboard with a filter')));
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('columnheader', { name: 'Timestamp' }).waitFor();
    wide.push(...(await measure(page, 'notification history')));
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
