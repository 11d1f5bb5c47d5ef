// Bytes on the wire of a dealer's priming ("Prepare for the field" as dana: machines, manuals,
// past claims, open cases) on the small demo set, counted by a TCP relay between Chromium and
// the gateway: what really travels, headers and compression included, the service worker's
// requests too. Then a second priming with nothing changed.
// Goals: the first ≤ 1 MiB, the second ≤ 50 KB.
import { createConnection, createServer, type Server } from 'node:net';
import type { Page } from 'playwright-core';
import { launchBrowser, signedInPage, swControlled } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { requireBuild } from './signed-in';
import { kb } from './support';

const EMAIL = 'dana.tech@northfield.example';
const GATEWAY_PORT = Number(process.env.BENCH_PORT ?? 8196);
const RELAY_PORT = GATEWAY_PORT + 1;

/** What came down for one kind of request (its path with ids and queries folded). */
interface Family {
  requests: number;
  down: number;
  /** Of `down`, the answers' status lines and headers. */
  headers: number;
  /** The ETags answered: fewer than the requests when the same content came down again. */
  etags: Set<string>;
}

/** Counts bytes each way; the request count is read off the request lines the client sends. */
interface Tally {
  down: number;
  up: number;
  requests: number;
  byPath: Map<string, Family>;
}

function familyOf(tally: Tally, path: string): Family {
  let family = tally.byPath.get(path);
  if (!family) {
    family = { requests: 0, down: 0, headers: 0, etags: new Set() };
    tally.byPath.set(path, family);
  }
  return family;
}

/** `/api/v1/cases/500000123/feed?x` -> `/api/v1/cases/:id/feed`: one line per kind of answer. */
function pathKind(path: string): string {
  return path
    .split('?')[0]!
    .replace(/\/(?=[^/]*\d)[^/]{6,}/g, '/:id')
    .replace(/^\/assets\/.*/, '/assets/*')
    .replace(/\/[^/]+\.(?:svg|png|jpg|webp)$/, '/:file');
}

function relay(port: number, target: number, tally: Tally): Promise<Server> {
  const requestLine = /(?:^|\r\n)(?:GET|POST|PUT|PATCH|DELETE|HEAD) (\/\S*) HTTP\/1\.1\r\n/g;
  const etagLine = /\r\netag: ([^\r]+)\r\n/gi;
  const server = createServer((client) => {
    const upstream = createConnection(target, '127.0.0.1');
    // HTTP/1.1 without pipelining: what comes down answers the last request sent up.
    let current = '?';
    client.on('data', (d: Buffer) => {
      tally.up += d.length;
      for (const m of d.toString('latin1').matchAll(requestLine)) {
        tally.requests++;
        current = pathKind(m[1]!);
        familyOf(tally, current).requests++;
      }
    });
    upstream.on('data', (d: Buffer) => {
      tally.down += d.length;
      const family = familyOf(tally, current);
      family.down += d.length;
      // An answer starts a chunk of its own: nothing is pipelined.
      const text = d.toString('latin1');
      if (text.startsWith('HTTP/1.1 ')) family.headers += text.indexOf('\r\n\r\n') + 4;
      for (const m of text.matchAll(etagLine)) family.etags.add(m[1]!);
    });
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** A gateway left on the port would answer the health check and be measured instead. */
function mustBeFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use: set BENCH_PORT`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

async function prime(page: Page, tally: Tally, label: string): Promise<void> {
  const result = page.getByTestId('field-pack-result').getByText(/are on this device/);
  await page.getByRole('button', { name: 'Download machines' }).waitFor();
  Object.assign(tally, { down: 0, up: 0, requests: 0, byPath: new Map() });
  const t0 = performance.now();
  await page.getByRole('button', { name: 'Download machines' }).click();
  await result.waitFor({ timeout: 300_000 });
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `${label}: ${tally.requests} requests, ${mib(tally.down)} (${kb(tally.down)}) down, ` +
      `${kb(tally.up)} up, ${seconds.toFixed(1)} s`,
  );
  // Every kind of request, largest first: where the bytes go.
  const row = (down: string, headers: string, requests: string, etags: string, path: string) =>
    `  ${down.padStart(10)}  ${headers.padStart(10)}  ${requests.padStart(8)}  ${etags.padStart(5)}  ${path}`;
  console.log(row('down', 'of it head', 'requests', 'etags', 'path'));
  const families = [...tally.byPath].sort((a, b) => b[1].down - a[1].down);
  for (const [path, f] of families) {
    console.log(row(kb(f.down), kb(f.headers), String(f.requests), String(f.etags.size), path));
  }
  const headers = families.reduce((sum, [, f]) => sum + f.headers, 0);
  console.log(row(kb(tally.down), kb(headers), String(tally.requests), '', '(all)'));
}

requireBuild();
const tally: Tally = { down: 0, up: 0, requests: 0, byPath: new Map() };
const publicUrl = `http://localhost:${RELAY_PORT}`;
await mustBeFree(GATEWAY_PORT);
const gw = await startGateway(GATEWAY_PORT, { PUBLIC_URL: publicUrl, DEMO_DATA: 'small' });
const server = await relay(RELAY_PORT, GATEWAY_PORT, tally);
const browser = await launchBrowser().catch(async (error: unknown) => {
  server.close();
  await gw.stop();
  throw error;
});
try {
  const { page } = await signedInPage(browser, EMAIL, { baseURL: publicUrl });
  await page.goto('/settings/offline');
  // The app's own files (the service worker's precache) are not part of a priming.
  await swControlled(page);
  await prime(page, tally, 'first priming (goal ≤ 1 MiB)');
  await page.reload();
  await prime(page, tally, 'second priming, nothing changed (goal ≤ 50 KB)');
} finally {
  await browser.close();
  server.close();
  await gw.stop();
}
