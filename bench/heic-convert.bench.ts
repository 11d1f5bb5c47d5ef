// HEIC to JPEG of a 12-megapixel photo in the photo worker (heic2any through comlink), as a
// user picks it in Post an update: the built app and a real gateway as in e2e. Timed inside
// the page from the file input's change to the preview showing, with long tasks over 50 ms on
// the main thread meanwhile. Goal: the main thread stays free (no long task).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LONG_CASE_ID, LONG_CASE_NUMBER } from '../gateway/seed/cases';
import { requireBuild, signedInBench } from './signed-in';
import { median, ms, phonePhoto } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
requireBuild();

// A phone's 12 MP photo (4032 x 3024), with noise so the codec has real work, as HEIC.
const dir = mkdtempSync(join(tmpdir(), 'torque-bench-heic-'));
const png = join(dir, 'photo.png');
const heic = join(dir, 'photo.heic');
await phonePhoto().png({ compressionLevel: 1 }).toFile(png);
execFileSync('heif-enc', ['-q', '70', '-o', heic, png], { stdio: 'ignore' });

/** Stamps the input's change and the first preview; records long tasks in between. */
const watch = `(() => {
  const w = { tasks: [] };
  window.__heic = w;
  const lt = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (w.changedAt !== undefined && w.shownAt === undefined) w.tasks.push(e.duration);
  });
  lt.observe({ type: 'longtask' });
  document.addEventListener('change', () => { w.changedAt = performance.now(); }, true);
  const mo = new MutationObserver(() => {
    if (w.shownAt === undefined && document.querySelector('[data-testid="upload-preview"] img')) {
      w.shownAt = performance.now();
      mo.disconnect();
      lt.disconnect();
    }
  });
  mo.observe(document.body, { childList: true, subtree: true });
})()`;

const bench = await signedInBench(
  'dana.tech@northfield.example',
  Number(process.env.BENCH_PORT ?? 8196),
);
try {
  const { page } = bench;
  const times: number[] = [];
  const longTasks: number[][] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`/support/case/${LONG_CASE_ID}`);
    await page.getByText(`Case ${LONG_CASE_NUMBER}`).waitFor({ timeout: 60_000 });
    await page.evaluate(watch);
    const panel = page.getByRole('complementary', { name: 'Post an update' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      panel.getByRole('button', { name: 'Upload' }).click(),
    ]);
    await chooser.setFiles(heic);
    const w = (await (
      await page.waitForFunction(
        () => {
          const h = (window as unknown as { __heic: { shownAt?: number } }).__heic;
          return h.shownAt !== undefined && h;
        },
        null,
        { timeout: 120_000, polling: 100 },
      )
    ).jsonValue()) as { changedAt: number; shownAt: number; tasks: number[] };
    times.push(w.shownAt - w.changedAt);
    longTasks.push(w.tasks);
  }
  console.log(
    `HEIC 4032 x 3024 (${(statSync(heic).size / 1024).toFixed(0)} KB) to JPEG in the worker, to the preview, ${RUNS} runs, in-page timing:`,
  );
  console.log(`  median ${ms(median(times))}  [${times.map(ms).join(', ')}]`);
  console.log(
    `  main-thread long tasks > 50 ms meanwhile: ${longTasks
      .map((t) => (t.length ? `${t.length} [${t.map(ms).join(', ')}]` : '0'))
      .join('; ')} (goal: none)`,
  );
} finally {
  await bench.close();
  rmSync(dir, { recursive: true, force: true });
}
