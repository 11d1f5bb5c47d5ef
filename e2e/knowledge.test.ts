import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, trackPageErrors, swControlled, signedInPage } from './support/browser';

const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
const M1 = '/support/machine/details/sn-52016/mn-M7-172';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search knowledge' }).fill('');
  await page.getByRole('searchbox', { name: 'Search knowledge' }).pressSequentially(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The titles of the results on screen, in order. */
function titlesOf(page: Page): Promise<string[]> {
  return page
    .getByTestId('knowledge-result')
    .evaluateAll((cards) => cards.map((c) => c.querySelector('a')?.textContent ?? ''));
}

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

describe('knowledge search', () => {
  it('searches, pages, opens an article, downloads its attachment and the PDF', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto('/knowledge');
    // The tabs are remote configuration: until it is read, the one 'All' tab stands in.
    await expect
      .poll(() =>
        page.getByRole('tablist', { name: 'Categories' }).getByRole('tab').allInnerTexts(),
      )
      .toEqual(['All', 'Knowledge Articles', 'Manuals', 'Bulletins']);
    await page
      .getByRole('complementary', { name: 'Recent Searches' })
      .getByText('No Search History')
      .waitFor();

    // A required term: Search with none asks for one and sends nothing.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Please enter a search term.').waitFor();

    await search(page, 'hydraulic pump');
    await page.waitForURL((u) => u.searchParams.get('s') === 'hydraulic pump');
    expect(new URL(page.url()).searchParams.get('c')).toBe('all');
    const total = page.getByTestId('knowledge-total');
    await total.waitFor();
    const count = Number((await total.innerText()).match(/^Total Results Answers - (\d+)$/)![1]);
    expect(count).toBeGreaterThan(10);
    expect(await page.getByTestId('knowledge-result').count()).toBe(10);
    const first = await titlesOf(page);
    expect(first.join(' ').toLowerCase()).toContain('hydraulic');
    expect(await page.getByTestId('knowledge-category').first().innerText()).not.toBe('');

    // Page 2: other results, and the URL says so.
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await expect
      .poll(async () => {
        const titles = await titlesOf(page);
        return titles.length > 0 && titles.join('|') !== first.join('|');
      })
      .toBe(true);
    const second = await titlesOf(page);

    // A misspelling still finds the hydraulic pump articles.
    await search(page, 'hydrolic pump');
    await page.waitForURL((u) => u.searchParams.get('s') === 'hydrolic pump');
    await expect
      .poll(async () => {
        const titles = await titlesOf(page);
        return titles.join('|') !== second.join('|') && /hydraulic/i.test(titles.join(' '));
      })
      .toBe(true);

    // Open the first result: the article view renders its HTML.
    const link = page.getByTestId('knowledge-result').first().locator('a').first();
    const title = (await link.innerText()).trim();
    await link.click();
    await page.waitForURL((u) => u.pathname === '/knowledge/answer');
    await page.getByTestId('article-body').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    expect((await page.getByTestId('article-body').innerText()).length).toBeGreaterThan(100);

    // Download PDF: letter portrait, the file name is the title cut to 20 characters.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.suggestedFilename().replace(/\.pdf$/, '').length).toBeLessThanOrEqual(20);
    const pdfBytes = await bytesOf(pdf);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Letter portrait in points: 612 x 792.
    expect(pdfBytes.toString('latin1')).toMatch(/MediaBox \[0 0 612\.?\d* 792\.?\d*\]/);

    // The Installation Guides article has a stored PDF attachment: it downloads.
    await page.goto('/knowledge/answer?uniqueID=KA-INSTALL-GUIDES');
    const attachments = page.getByRole('complementary', { name: 'Attachments' });
    const attachment = attachments.getByRole('link', { name: /^Download / }).first();
    await attachment.waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await bytesOf(file)).subarray(0, 5).toString()).toBe('%PDF-');

    // Leaving the article clears it: the next one starts from nothing.
    await page.goto('/knowledge/answer?uniqueID=KA-NO-SUCH-ARTICLE');
    await page.getByText('Article not found. It may have been removed or renamed.').waitFor();
    expect(await page.getByTestId('article-body').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps recent searches across a reload, newest first, and searches one again', async () => {
    const { context, page } = await signedInPage(browser, SAM);
    const errors = trackPageErrors(page);
    await page.goto('/knowledge');
    const recent = page.getByTestId('recent-searches').getByRole('button');
    const terms = async () =>
      (await recent.allInnerTexts()).map((t) => t.split('\n')[0]!.toLowerCase());
    // A search is recorded once its answer has come (one left mid-flight is not): wait for each.
    await search(page, 'coolant leak');
    await expect.poll(terms).toEqual(['coolant leak']);
    await search(page, 'hydraulic pump');
    await expect.poll(terms).toEqual(['hydraulic pump', 'coolant leak']);
    // The same search in other letters is not a second entry: it moves to the top.
    await search(page, 'Coolant Leak');
    await page.waitForURL((u) => u.searchParams.get('s') === 'Coolant Leak');
    await expect.poll(terms).toEqual(['coolant leak', 'hydraulic pump']);

    await page.reload();
    // Right after the reload the list may still be settling in: read it until it has.
    await expect.poll(terms).toEqual(['coolant leak', 'hydraulic pump']);

    await recent.nth(1).click();
    await page.waitForURL((u) => u.searchParams.get('s') === 'hydraulic pump');
    await expect
      .poll(() => page.getByRole('searchbox', { name: 'Search knowledge' }).inputValue())
      .toBe('hydraulic pump');
    await page.getByTestId('knowledge-total').waitFor();

    // Home's Recent Activity reads the same list.
    await page.goto('/home');
    await page.getByRole('tab', { name: 'Knowledge' }).click();
    await page
      .getByRole('link', { name: /hydraulic pump/i })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offline: searches the kept articles in the worker and opens one', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    await page.goto('/knowledge?s=hydraulic%20pump&c=all');
    await swControlled(page);
    const link = page.getByTestId('knowledge-result').first().locator('a').first();
    await link.waitFor();
    const title = (await link.innerText()).trim();
    await link.click();
    await page.getByTestId('article-body').waitFor();
    await page.getByRole('button', { name: 'Save for offline' }).click();
    await page.getByText('Saved for offline.').waitFor();

    // Opened, not saved: its small attachment is kept on the device all the same.
    await page.goto('/knowledge/answer?uniqueID=KA-INSTALL-GUIDES');
    const guide = page
      .getByRole('complementary', { name: 'Attachments' })
      .getByRole('link', { name: /^Download / })
      .first();
    await expect.poll(() => guide.getAttribute('data-source')).toBe('device');

    await context.setOffline(true);
    // A question never asked online: only the offline index can answer it.
    const word = title.split(/\s+/).find((w) => w.length > 5)!;
    await page.goto(`/knowledge?s=${encodeURIComponent(word.toLowerCase())}&c=all`);
    await page.getByTestId('offline-search-note').waitFor();
    expect(await page.getByTestId('offline-search-note').innerText()).toMatch(
      /^Searching offline copies: \d+ documents? on this device$/,
    );
    const offlineHit = page
      .getByTestId('knowledge-result')
      .locator('a')
      .filter({ hasText: title })
      .first();
    await offlineHit.click();
    await page.waitForURL((u) => u.pathname === '/knowledge/answer');
    await page.getByTestId('article-body').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    await page.getByTestId('article-body').waitFor();
    await page.getByTestId('last-updated').waitFor();

    // The opened article's attachment downloads offline, from the device.
    await page.goto('/knowledge/answer?uniqueID=KA-INSTALL-GUIDES');
    await page.getByTestId('article-body').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), guide.click()]);
    expect((await bytesOf(file)).subarray(0, 5).toString()).toBe('%PDF-');

    // An article never opened says it needs a connection, without an error.
    await page.goto('/knowledge/answer?uniqueID=KA-PASSWORD-RESET');
    await page
      .getByText(
        'This article is not saved on this device, and opening it the first time needs a connection.',
      )
      .waitFor();
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('machine detail: bulletins and manuals', () => {
  it('loads a campaign once, then toggles; manuals in four sections, Workshop open', async () => {
    const { context, page } = await signedInPage(browser, DANA);
    const errors = trackPageErrors(page);
    const bulletinRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/knowledge/bulletins')
        bulletinRequests.push(r.url());
    });
    await page.goto(M1);
    await page.getByTestId('machine-header').waitFor();
    expect(await page.getByRole('tab', { name: 'Bulletins' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    const campaigns = page.getByTestId('campaign');
    await campaigns.first().waitFor();
    const mandatory = campaigns.and(page.locator('[data-mandatory="true"]')).first();
    const optional = campaigns.and(page.locator('[data-mandatory="false"]')).first();
    expect(await mandatory.locator('[data-color]').getAttribute('data-color')).toBe('orange');
    expect(await optional.locator('[data-color]').getAttribute('data-color')).toBe('green');

    const control = mandatory.getByRole('button').first();
    await control.click();
    const results = mandatory.getByTestId('document-result');
    await results.first().waitFor();
    expect(bulletinRequests).toHaveLength(1);
    await control.click();
    await expect.poll(() => control.getAttribute('aria-expanded')).toBe('false');
    await control.click();
    await expect.poll(() => control.getAttribute('aria-expanded')).toBe('true');
    await results.first().waitFor();
    expect(bulletinRequests).toHaveLength(1);

    // A bulletin opens in the article view.
    const bulletin = results.first().getByRole('link').first();
    const bulletinTitle = (await bulletin.innerText()).trim();
    await bulletin.click();
    await page.waitForURL((u) => u.pathname === '/knowledge/answer');
    await page.getByTestId('article-body').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(bulletinTitle);

    await page.goto(M1);
    await page.getByRole('tab', { name: 'Manuals' }).click();
    const sections = page.getByTestId('manual-section');
    await sections.first().waitFor();
    const names = await sections.evaluateAll((items) =>
      items.map((i) => i.querySelector('button')?.textContent?.trim() ?? ''),
    );
    expect(names).toEqual([
      'Workshop Manuals',
      "Operator's / Owner's Manual",
      'Assembly Instructions',
      'Other',
    ]);
    const expanded = await sections.evaluateAll((items) =>
      items.map((i) => i.querySelector('button')?.getAttribute('aria-expanded')),
    );
    expect(expanded).toEqual(['true', 'false', 'false', 'false']);
    await sections.first().getByTestId('document-result').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the telematics search's Installation Guides button opens its article", async () => {
    const { context, page } = await signedInPage(browser, DANA);
    await page.goto('/support/machine/search/imei');
    const guides = page.getByRole('link', { name: 'Installation Guides' });
    // The article id is remote configuration: the button waits for it.
    await expect.poll(() => guides.getAttribute('href')).toContain('uniqueID=KA-INSTALL-GUIDES');
    await guides.click();
    await page.waitForURL((u) => u.searchParams.get('uniqueID') === 'KA-INSTALL-GUIDES');
    await page.getByTestId('article-body').waitFor();
    expect((await page.getByRole('heading', { level: 1 }).innerText()).length).toBeGreaterThan(0);
    await context.close();
  });
});
