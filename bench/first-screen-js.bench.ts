// JavaScript the first screen loads, gzipped: /login for a new visitor, /home and /knowledge
// for a signed-in user (each a fresh page load, everything fetched until the network is idle,
// so code loaded after the first paint counts too), measured in Chromium against the built PWA
// (run `npm run build` first) and the real gateway. Goals (docs/architecture.md "Performance
// targets"): /login <= 120 KB; a signed-in first screen <= 150 KB in at most 6 files. Its CSS is
// printed beside it: the stylesheets render-block the first paint.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, PASSWORD } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { networkSettled } from '../e2e/support/settle';
import { kb } from './support';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const gw = await startGateway(Number(process.env.BENCH_PORT ?? 8192));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

async function measure(page: Page, path: string, ready: () => Promise<unknown>) {
  const scripts = new Map<string, number>();
  const sheets = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const into = type === 'script' ? scripts : type === 'stylesheet' ? sheets : null;
    if (!into) return;
    pending.push(
      res.body().then(
        (body) => void into.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length),
        () => undefined,
      ),
    );
  });
  await page.goto(path);
  await ready();
  await networkSettled(page);
  await Promise.all(pending);
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  console.log(`${path}: ${scripts.size} scripts, ${kb(total)} gzipped`);
  for (const [name, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`    ${kb(size).padStart(9)}  ${name}`);
  }
  const css = [...sheets.values()].reduce((a, b) => a + b, 0);
  console.log(`${path}: ${sheets.size} stylesheets, ${kb(css)} gzipped`);
  return total;
}

try {
  // Service workers blocked: the point is what the network must carry on a first visit.
  const context = await browser.newContext({ baseURL: gw.url, serviceWorkers: 'block' });
  const page = await context.newPage();
  await measure(page, '/login', () => page.getByRole('button', { name: 'Sign in' }).waitFor());

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill('dana.tech@northfield.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/home');

  const fresh = await context.newPage();
  await measure(fresh, '/home', () => fresh.getByTestId('profile-card').waitFor());

  // The category tabs come from the remote configuration: with them the screen is complete.
  const knowledge = await context.newPage();
  await measure(knowledge, '/knowledge', () =>
    knowledge
      .getByRole('tablist', { name: 'Categories' })
      .getByRole('tab', { name: 'Manuals' })
      .waitFor(),
  );
  await context.close();
} finally {
  await browser.close();
  await gw.stop();
}
