// Offline knowledge search: 5,000 kept articles in the built PWA's IndexedDB,
// searched through the real comlink worker (dist/assets/knowledge-index.worker-*.js) in
// Chromium, as the search screen does offline. Prints the IndexedDB size of the articles,
// the index build time and the per-query round trip (page -> worker -> page), median and
// p95. Goal: median < 30 ms per query.
import { existsSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { median, ms } from './support';
import { startWorkerInPage, type BenchWindow } from './worker-in-page';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const workerFile = readdirSync('dist/assets').find(
  (f) => f.startsWith('knowledge-index.worker-') && f.endsWith('.js'),
);
if (!workerFile) {
  console.error('dist/assets has no knowledge-index.worker-*.js: rebuild');
  process.exit(1);
}
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

// Whole words, prefixes as typed, and misspellings (the fuzzy path is the slow one).
const QUERIES = [
  'hydraulic',
  'hydr',
  'hydrolic',
  'pump seal',
  'transmission fluid',
  'filtr',
  'injector',
  'loader valve',
  'pto clutch',
  'coolant',
  'alternater',
  'brake',
  'steering cylinder',
  'dcu',
  'firmware update',
  'regen',
  'def',
  'wiring harness',
  'hitch',
  'bearing noise',
];

const gw = await startGateway(Number(process.env.BENCH_PORT ?? 8196));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ baseURL: gw.url });
  // tsx (esbuild, keepNames) wraps named functions in __name(); the page has no such helper.
  await page.addInitScript('globalThis.__name = (f) => f;');
  await page.goto('/login');

  await startWorkerInPage(page, `/assets/${workerFile}`);

  const result = await page.evaluate(
    async ({ count, queries, rounds }) => {
      const { benchCall: call, benchWorker: worker } = window as unknown as BenchWindow;
      const USER = 'bench-user';
      // The worker opens the app's database (creating its tables) on the first call.
      await call('build', USER);

      let seed = 42;
      const rnd = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      const words = (
        'hydraulic pump seal transmission fluid filter injector loader valve pto clutch coolant ' +
        'alternator brake steering cylinder dcu firmware update regen def wiring harness hitch ' +
        'bearing noise engine tractor mower backhoe excavator boom bucket pin bushing hose ' +
        'fitting torque spec service interval inspection warranty campaign bulletin manual ' +
        'operator sensor fault code pressure temperature battery starter fuse relay display ' +
        'calibration gearbox axle differential tire wheel cab air conditioning compressor ' +
        'radiator thermostat belt tensioner pulley oil drain plug gasket replace check adjust ' +
        'tighten remove install clean lubricate grease nipple the a of to and with for on'
      ).split(' ');
      const pick = () => words[Math.floor(rnd() * words.length)]!;
      const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');

      const before = (await navigator.storage.estimate()).usage ?? 0;
      const rows = Array.from({ length: count }, (_, i) => {
        const title = sentence(4 + Math.floor(rnd() * 5));
        const paragraphs = Array.from({ length: 6 }, () => sentence(40 + Math.floor(rnd() * 20)));
        const text = paragraphs.join('\n');
        return {
          ownerUserId: USER,
          uniqueId: `KA-${100000 + i}`,
          article: {
            uniqueId: `KA-${100000 + i}`,
            title,
            html: paragraphs.map((p) => `<p>${p}</p>`).join(''),
            text,
            documentType: 'Article',
            categorylevel4: sentence(2),
            commonproduct: null,
            attachments: [],
            updatedAt: new Date(0).toISOString(),
          },
          syncedAt: 1,
          viewedAt: 1 + i,
          savedAt: 1,
        };
      });
      const textBytes = rows.reduce((n, r) => n + r.article.text.length + r.article.html.length, 0);
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('torque');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (let i = 0; i < rows.length; i += 1000) {
        await new Promise<void>((resolve, reject) => {
          const tx = idb.transaction('articles', 'readwrite');
          for (const r of rows.slice(i, i + 1000)) tx.objectStore('articles').put(r);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      }
      idb.close();
      const after = (await navigator.storage.estimate()).usage ?? 0;

      const t0 = performance.now();
      const build = (await call('build', USER)) as {
        size: number;
        keptCount: number;
        readMs: number;
        buildMs: number;
      };
      const buildWall = performance.now() - t0;

      const times: number[] = [];
      const hits: Record<string, number> = {};
      for (let r = 0; r < rounds; r++) {
        for (const q of queries) {
          const t = performance.now();
          const answer = (await call('search', USER, q, 1, 10)) as { total: number };
          times.push(performance.now() - t);
          hits[q] = answer.total;
        }
      }
      worker.terminate();
      return { build, buildWall, times, hits, storage: after - before, textBytes };
    },
    { count: ARTICLES, queries: QUERIES, rounds: ROUNDS },
  );

  const sorted = [...result.times].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `offline knowledge search, ${result.build.size} kept articles, real worker in Chromium:`,
  );
  console.log(
    `  IndexedDB usage for the articles (navigator.storage.estimate delta): ${mb(result.storage)}` +
      ` (article text + html: ${mb(result.textBytes)})`,
  );
  console.log(
    `  index: read rows ${ms(result.build.readMs)} + build ${ms(result.build.buildMs)}` +
      ` (round trip ${ms(result.buildWall)})`,
  );
  console.log(
    `  query round trip, ${result.times.length} queries (${QUERIES.length} terms x ${ROUNDS}):` +
      ` median ${result.times.length ? median(result.times).toFixed(1) : '-'} ms,` +
      ` p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (goal median < 30 ms)`,
  );
  console.log(
    `  matches: ${Object.entries(result.hits)
      .map(([q, n]) => `${q}=${n}`)
      .join(', ')}`,
  );
} finally {
  await browser.close();
  await gw.stop();
}
