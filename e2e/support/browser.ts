import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { currentWorker } from './ports';
import { trackContextRequests } from './settle';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking ones Chromium keeps dialling
// out of this closed network.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run 'apt-get install -y chromium'`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** This worker's shared gateway (global-setup.ts starts one per worker). */
export function baseUrl(): string {
  const url = inject('baseUrls')[currentWorker() - 1];
  if (!url) throw new Error(`no gateway was started for e2e worker ${currentWorker()}`);
  return url;
}

export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  // A test with a gateway of its own (or a bench, outside vitest) passes its baseURL.
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    ...options,
    baseURL: options.baseURL ?? baseUrl(),
  });
  return trackContextRequests(context);
}

export const PASSWORD = 'torque';

/**
 * Signs in through the embedded identity provider's real login page, starting from `path`
 * (a protected route, or /login), and waits until the PWA has landed on `expectPath`.
 */
export async function signIn(page: Page, email: string, path = '/login', expectPath = '/home') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').pressSequentially(email);
  await page.getByLabel('Password').pressSequentially(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === expectPath, { timeout: 30_000 });
}

/** Collects uncaught page errors (unhandled rejections included) so a test can assert none. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Web-storage entries that hold a token (a JWT, or an msal token record of any kind).
 * product §4: no token is kept where page scripts can read it.
 */
export async function tokensInWebStorage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i)!;
        const value = store.getItem(key) ?? '';
        if (
          /eyJ[\w-]+\.[\w-]+\./.test(value) ||
          /refreshtoken|accesstoken|idtoken/i.test(key) ||
          /"credentialType":"(RefreshToken|AccessToken|IdToken)"/i.test(value)
        ) {
          found.push(key);
        }
      }
    }
    return found;
  });
}

/** A new phone-sized context signed in as `email`, on /home. */
export async function signedInPage(
  browser: Browser,
  email: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** Waits until the service worker controls the page: only then does an offline reload work. */
export async function swControlled(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
      timeout: 30_000,
    });
  } catch (e) {
    // Which worker the page has, and in what state, tells a failed install from a slow one.
    const state = await page
      .evaluate(async () => {
        const reg = await navigator.serviceWorker?.getRegistration();
        if (!reg) return 'no registration';
        return (['installing', 'waiting', 'active'] as const)
          .map((k) => `${k}: ${reg[k]?.state ?? 'none'}`)
          .join(', ');
      })
      .catch((why: unknown) => `unreadable (${String(why)})`);
    throw new Error(`the service worker does not control ${page.url()}: ${state}`, { cause: e });
  }
}

/**
 * A phone-sized Chromium keeping its profile in `profileDir`: closing it and launching again
 * is a browser restart with the device's storage, service worker and cookies kept.
 */
/**
 * `offline` launches a browser with no network at all, as a device without signal: every
 * request that leaves it, the service worker's included, goes to a proxy that does not exist.
 * (Playwright's offline switch reaches a worker the browser starts on its own too late: its
 * Background Sync fires as the browser opens.)
 */
export function launchPersistent(
  profileDir: string,
  { offline = false }: { offline?: boolean } = {},
): Promise<BrowserContext> {
  const noNetwork = ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'];
  return chromium
    .launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: offline ? [...CHROMIUM_ARGS, ...noNetwork] : CHROMIUM_ARGS,
      baseURL: baseUrl(),
      viewport: { width: 412, height: 915 },
      offline,
    })
    .then(trackContextRequests);
}

/** The page a persistent browser opens with, or a new one. */
export async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}
