// Offline reload to a visible machine detail: the built app and a real
// gateway as in e2e; view machine 1 once online, then go offline and reload N times, timing
// from the reload until the detail's header is visible. Goal: median under 1 s.
import { swControlled } from '../e2e/support/browser';
import { signedInBench } from './signed-in';
import { median, ms } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DETAIL = '/support/machine/details/sn-52016/mn-M7-172';

const bench = await signedInBench(
  'dana.tech@northfield.example',
  Number(process.env.BENCH_PORT ?? 8194),
);
try {
  const { context, page } = bench;
  await page.goto(DETAIL);
  const header = page.getByTestId('machine-header');
  await header.waitFor();
  await swControlled(page);

  await context.setOffline(true);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await page.reload({ waitUntil: 'commit' });
    await header.waitFor();
    times.push(performance.now() - t);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
  console.log(`offline reload to a visible machine detail, ${RUNS} runs:`);
  console.log(`  median ${ms(median(times))}, p95 ${ms(p95)} (goal median < 1 s)`);
  console.log(`  [${times.map(ms).join(', ')}]`);
} finally {
  await bench.close();
}
