// Shared setup of the browser benches: the built app, a real gateway as in e2e, Chromium, and a
// phone-sized context signed in through the real login page; and in-page timing.
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signedInPage } from '../e2e/support/browser';
import { startGateway, type RunningGateway } from '../e2e/support/gateway';

export interface SignedInBench {
  gw: RunningGateway;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Exits when dist/ is missing: the benches measure the production build. */
export function requireBuild(): void {
  if (!existsSync('dist/index.html')) {
    console.error('dist/ is missing: run `npm run build` first');
    process.exit(1);
  }
}

/** Starts a gateway on `port` and signs `email` in; the page ends on /home. */
export async function signedInBench(email: string, port: number): Promise<SignedInBench> {
  requireBuild();
  const gw = await startGateway(port);
  const browser = await launchBrowser();
  const { context, page } = await signedInPage(browser, email, { baseURL: gw.url });
  return {
    gw,
    browser,
    context,
    page,
    async close() {
      await browser.close();
      await gw.stop();
    },
  };
}

declare global {
  interface Window {
    __shownAt?: number;
  }
}

/**
 * An init script that runs in the page before its own scripts and stamps performance.now()
 * (from navigation start) at the first mutation that shows `text`: textContent first, as it is
 * cheap, then innerText, which skips what is not rendered. With `alsoShown`, an element that
 * selector matches must be rendered too (a screen whose header shows before its content). A
 * string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
export const stampWhenShown = (text: string, alsoShown?: string) => `(() => {
  const text = ${JSON.stringify(text)};
  const selector = ${JSON.stringify(alsoShown ?? null)};
  const rendered = () => {
    if (selector === null) return true;
    const el = document.querySelector(selector);
    return el !== null && el.checkVisibility();
  };
  const observer = new MutationObserver(() => {
    const body = document.body;
    if (window.__shownAt === undefined && body && body.textContent.includes(text) && body.innerText.includes(text) && rendered()) {
      window.__shownAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** Navigates to `url` and returns the in-page stamp of stampWhenShown. */
export async function timeTo(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const stamp = await page.waitForFunction(() => window.__shownAt, null, {
    timeout: 60_000,
    polling: 100,
  });
  return (await stamp.jsonValue()) as number;
}
