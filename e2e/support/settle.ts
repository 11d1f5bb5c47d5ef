import type { BrowserContext, Page, Request } from 'playwright-core';

/*
 * "The screen has settled": no request in flight for a moment, the change feed's held ask
 * aside. Playwright's `networkidle` never comes on a signed-in page, because the page always
 * holds an ask of the change feed open (docs/architecture.md "Following the gateway").
 */

/** As `networkidle` judges it: this long without a request in flight. */
const QUIET_MS = 500;

const inFlight = new WeakMap<Page, Set<Request>>();

/** A request the page holds open on purpose: the change feed asked to wait. */
const held = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/api/v1/changes' && url.searchParams.has('wait');
};

/** Counts `page`'s requests from now on; pages of a context made by support/browser.ts are. */
export function trackRequests(page: Page): Set<Request> {
  const known = inFlight.get(page);
  if (known) return known;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!held(r)) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

/** Tracks every page `context` opens, from its first request. */
export function trackContextRequests(context: BrowserContext): BrowserContext {
  context.pages().forEach(trackRequests);
  context.on('page', trackRequests);
  return context;
}

/**
 * Waits until the page has loaded and no request but a held ask of the change feed has been in
 * flight for QUIET_MS.
 */
export async function networkSettled(page: Page, timeout = 30_000): Promise<void> {
  const open = trackRequests(page);
  await page.waitForLoadState('load', { timeout });
  const end = Date.now() + timeout;
  let quietSince = open.size === 0 ? Date.now() : Infinity;
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > end) {
      const left = [...open].map((r) => r.url()).join(', ');
      throw new Error(`the page did not settle within ${timeout} ms: ${left}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (open.size > 0) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
  }
}
