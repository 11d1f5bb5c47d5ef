// Case detail of the long case (200 feed items, 60 images) visible from IndexedDB offline:
// the built app and a real gateway as in e2e; open the case once online (its feed and
// thumbnails are kept), then offline load it N times, timed inside the page from navigation
// start until the case number and the feed's first item show (as in the offline-start bench).
// Then long tasks over 50 ms while scrolling the feed to the end. Goals: median < 500 ms, no
// long task scrolling.
import { swControlled } from '../e2e/support/browser';
import {
  LONG_CASE_ID,
  LONG_CASE_IMAGES,
  LONG_CASE_ITEMS,
  LONG_CASE_NUMBER,
} from '../gateway/seed/cases';
import { signedInBench, stampWhenShown, timeTo } from './signed-in';
import { median, ms } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const URL_PATH = `/support/case/${LONG_CASE_ID}`;

/** Thumbnails of the case kept in IndexedDB (no app code). */
const keptThumbnails = `new Promise((resolve, reject) => {
  const open = indexedDB.open('torque');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const req = open.result.transaction('caseImages').objectStore('caseImages').getAll();
    req.onsuccess = () => resolve(req.result.filter((r) => r.caseId === ${JSON.stringify(LONG_CASE_ID)}).length);
    req.onerror = () => reject(req.error);
  };
})`;

/** Scrolls the page to the end in steps of a screen, one step a frame; long tasks meanwhile. */
const scrollAndCountLongTasks = `new Promise((resolve) => {
  const tasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  const started = performance.now();
  const step = () => {
    const before = window.scrollY;
    window.scrollBy(0, window.innerHeight);
    if (window.scrollY === before) {
      setTimeout(() => {
        observer.disconnect();
        resolve({ tasks, ms: performance.now() - started, height: document.documentElement.scrollHeight });
      }, 200);
    } else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

const bench = await signedInBench(
  'dana.tech@northfield.example',
  Number(process.env.BENCH_PORT ?? 8195),
);
try {
  const { context, page } = bench;
  await page.goto(URL_PATH);
  await page.getByText(`Case ${LONG_CASE_NUMBER}`).waitFor({ timeout: 60_000 });
  await swControlled(page);
  // Seen once: wait until its thumbnails are on the device.
  const deadline = Date.now() + 120_000;
  let kept = 0;
  while (Date.now() < deadline && kept < LONG_CASE_IMAGES) {
    kept = (await page.evaluate(keptThumbnails)) as number;
    if (kept < LONG_CASE_IMAGES) await page.waitForTimeout(250);
  }

  await context.setOffline(true);
  await context.addInitScript(
    stampWhenShown(`Case ${LONG_CASE_NUMBER}`, '[data-testid="feed-item"]'),
  );
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeTo(page, `${bench.gw.url}${URL_PATH}`));
  // The header and first items show first; scroll once the whole feed is on the page.
  await page
    .getByTestId('feed-item')
    .nth(LONG_CASE_ITEMS - 1)
    .waitFor({ timeout: 60_000 });
  const items = await page.getByTestId('feed-item').count();
  const images = await page.locator('[data-testid="image-grid"] img').count();

  const scroll = (await page.evaluate(scrollAndCountLongTasks)) as {
    tasks: number[];
    ms: number;
    height: number;
  };
  console.log(
    `long case offline (${items} feed items, ${images} images shown, ${kept} thumbnails kept), in-page timing, ${RUNS} runs:`,
  );
  console.log(
    `  header and feed visible: median ${ms(median(times))} (goal < 500 ms)  [${times.map(ms).join(', ')}]`,
  );
  console.log(
    `  scrolling ${scroll.height} px in ${ms(scroll.ms)}: ${scroll.tasks.length} long tasks > 50 ms` +
      (scroll.tasks.length ? ` [${scroll.tasks.map(ms).join(', ')}]` : '') +
      ' (goal: none)',
  );
} finally {
  await bench.close();
}
