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
import { kb, median, ms } from './support';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const PORT = Number(process.env.BENCH_PORT ?? 8194);
// On this two-core machine one page's TBT spreads by hundreds of ms from run to run: each page
// is audited several times and judged by the medians.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DEBUG_PORT = PORT + 1000;

interface NetworkItem {
  url: string;
  resourceType?: string;
}

async function audit(url: string, flags: Flags, showTasks: boolean): Promise<Run> {
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
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN;
  console.log(
    `${new URL(url).pathname.padEnd(11)} score ${String(score).padStart(3)}  FCP ${ms(fcp)}  ` +
      `LCP ${ms(lcp)}  TBT ${ms(tbt)}  CLS ${cls.toFixed(2)}  JS ${scripts.length} files, ` +
      `${kb(gzipped.reduce((a, b) => a + b, 0))} gzipped`,
  );
  // What TBT is made of: the longest main-thread tasks, as Lighthouse attributes them.
  const tasks = (lhr.audits['long-tasks']?.details as { items?: LongTask[] })?.items ?? [];
  for (const t of showTasks ? tasks.slice(0, 5) : []) {
    console.log(
      `            long task ${ms(t.duration)} at ${ms(t.startTime)}  ${shortUrl(t.url)}`,
    );
  }
  return { score, lcp, tbt };
}

interface Run {
  score: number;
  lcp: number;
  tbt: number;
}

/** Audits `url` RUNS times and prints each run and the medians. */
async function audits(url: string, flags: Flags) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url, flags, i === 0));
  const of = (k: keyof Run) => median(runs.map((r) => r[k]));
  console.log(
    `${new URL(url).pathname.padEnd(11)} median of ${RUNS}: score ${of('score')}  ` +
      `LCP ${ms(of('lcp'))}  TBT ${ms(of('tbt'))}`,
  );
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
  await audits(`${gw.url}/login`, {});

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
  await audits(`${gw.url}/home`, { disableStorageReset: true });
  await audits(`${gw.url}/knowledge`, { disableStorageReset: true });
} finally {
  await context.close();
  await gw.stop();
  rmSync(profile, { recursive: true, force: true });
}
