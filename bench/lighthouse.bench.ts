// Lighthouse mobile (its defaults: 4x CPU, slow 4G, simulated) on the first screens: /login for
// a new visitor, /home and /knowledge for a signed-in user whose service worker is installed.
// Goals (docs/architecture.md "Performance targets"): score >= 95, LCP <= 2.0 s, TBT <= 150 ms,
// first-screen JavaScript <= 120 KB gzipped in <= 12 files. Run `npm run build` first.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, PASSWORD, swControlled } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { kb, ms } from './support';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const PORT = Number(process.env.BENCH_PORT ?? 8194);
const DEBUG_PORT = PORT + 1000;

interface NetworkItem {
  url: string;
  resourceType?: string;
}

async function audit(url: string, flags: Flags) {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    onlyCategories: ['performance'],
    logLevel: 'error',
    ...flags,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items;
  const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script');
  // Served by the service worker, a script transfers nothing: weigh each as the network would.
  const gzipped = await Promise.all(
    scripts.map(async (r) => {
      const res = await fetch(r.url);
      return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    }),
  );
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
  console.log(
    `${new URL(url).pathname.padEnd(11)} score ${String(score).padStart(3)}  FCP ${ms(fcp)}  ` +
      `LCP ${ms(lcp)}  TBT ${ms(tbt)}  JS ${scripts.length} files, ` +
      `${kb(gzipped.reduce((a, b) => a + b, 0))} gzipped`,
  );
  // What TBT is made of: the longest main-thread tasks, as Lighthouse attributes them.
  const tasks = (lhr.audits['long-tasks']?.details as { items?: LongTask[] })?.items ?? [];
  for (const t of tasks.slice(0, 5)) {
    console.log(
      `            long task ${ms(t.duration)} at ${ms(t.startTime)}  ${shortUrl(t.url)}`,
    );
  }
}

interface LongTask {
  url: string;
  duration: number;
  startTime: number;
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

const gw = await startGateway(PORT);
const profile = mkdtempSync(join(tmpdir(), 'torque-lighthouse-'));
// A persistent context: Lighthouse's tabs share its cookies, so the session made here holds.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
  baseURL: gw.url,
});
try {
  console.log('Lighthouse mobile defaults (simulated slow 4G, 4x CPU):');
  // A new visitor: Lighthouse clears the origin's storage first.
  await audit(`${gw.url}/login`, {});

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill('dana.tech@northfield.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/home');
  await page.getByTestId('profile-card').waitFor();
  await swControlled(page);
  await page.goto('/knowledge');
  await page.getByRole('heading').first().waitFor();
  await page.goto('/home');
  await page.getByTestId('profile-card').waitFor();

  // The signed-in user's return: storage (session, IndexedDB, service worker) kept.
  await audit(`${gw.url}/home`, { disableStorageReset: true });
  await audit(`${gw.url}/knowledge`, { disableStorageReset: true });
} finally {
  await context.close();
  await gw.stop();
  rmSync(profile, { recursive: true, force: true });
}
