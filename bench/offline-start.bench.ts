// Offline start (docs/architecture.md "Performance targets"): navigation to Home showing the user's
// own data, served by the service worker with no network, against a one-line page served by a
// minimal service worker, alternating the two in one Chromium with the CPU throttled 4x.
// Goal: Torque <= 3x the baseline. Timed inside the page: an init script records
// performance.now() (from navigation start) when the awaited text is first visible, so
// Playwright's own round trips (300-400 ms, STACK-NOTES) stay out of both figures.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, PASSWORD, swControlled } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { timeTo, stampWhenShown } from './signed-in';
import { median, ms } from './support';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

// The baseline: one line of HTML, cached on install and served cache-first.
const baseline = createServer((req, res) => {
  if (req.url === '/sw.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(`self.addEventListener('install', (e) => { self.skipWaiting(); e.waitUntil(caches.open('b').then((c) => c.add('/'))); });
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((r) => r || fetch(e.request))));`);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(
    `<!doctype html><p id="ok">Hello</p><script>navigator.serviceWorker.register('/sw.js')</script>`,
  );
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}/`;

const gw = await startGateway(Number(process.env.BENCH_PORT ?? 8193));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

const EMAIL = 'dana.tech@northfield.example';

try {
  const torque: BrowserContext = await browser.newContext({ baseURL: gw.url });
  const tp = await torque.newPage();
  await tp.goto('/login');
  await tp.getByRole('button', { name: 'Sign in' }).click();
  await tp.waitForURL(/\/oidc\//);
  await tp.getByLabel('Email').fill(EMAIL);
  await tp.getByLabel('Password').fill(PASSWORD);
  await tp.getByRole('button', { name: 'Sign in' }).click();
  await tp.waitForURL((u) => u.pathname === '/home');
  await tp.getByTestId('profile-card').getByText(EMAIL).waitFor();
  await swControlled(tp);
  await torque.addInitScript(stampWhenShown(EMAIL));

  const base = await browser.newContext();
  const bp = await base.newPage();
  await bp.goto(baselineUrl);
  await swControlled(bp);
  await bp.reload();
  await base.addInitScript(stampWhenShown('Hello'));

  for (const [ctx, page] of [
    [torque, tp],
    [base, bp],
  ] as const) {
    await ctx.setOffline(true);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }

  const t: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t.push(await timeTo(tp, `${gw.url}/home`));
    b.push(await timeTo(bp, baselineUrl));
  }
  const ratio = median(t) / median(b);
  console.log(`offline start, in-page timing, CPU throttled 4x, ${RUNS} runs each, alternating:`);
  console.log(
    `  Torque /home with the user's data: median ${ms(median(t))}  [${t.map(ms).join(', ')}]`,
  );
  console.log(
    `  one-line page, minimal SW:         median ${ms(median(b))}  [${b.map(ms).join(', ')}]`,
  );
  console.log(`  ratio ${ratio.toFixed(1)}x (goal <= 3x)`);
} finally {
  await browser.close();
  await gw.stop();
  baseline.close();
}
