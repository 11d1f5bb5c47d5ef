import type { Refusal } from './claims-csv';
import type { Evaluation } from './evaluate';

/* The evaluation as a table for people. */

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const num = (x: number | null, digits = 3) => (x === null ? 'n/a' : x.toFixed(digits));

export function printReport(
  source: string,
  read: number,
  refused: readonly Refusal[],
  e: Evaluation,
  log: (line: string) => void = console.log,
): void {
  log(`claims: ${source}`);
  log(`rows read ${read}, refused ${refused.length}`);
  for (const r of refused.slice(0, 5)) log(`  line ${r.line}: ${r.reason}`);
  const s = e.split;
  log(
    `split by date: learn ${s.learn} (${s.leftOutForSerial} left out: machine in test), calibrate ${s.calibrate}, test ${s.test}`,
  );
  log('');
  log('                      engine     baseline (most frequent part of the model)');
  const row = (name: string, a: string, b: string) => log(`${name.padEnd(22)}${a.padEnd(11)}${b}`);
  row('top-1', pct(e.engine.top1), pct(e.baseline.top1));
  row('top-3', pct(e.engine.top3), pct(e.baseline.top3));
  row('top-5', pct(e.engine.top5), pct(e.baseline.top5));
  row('MRR', num(e.engine.mrr), num(e.baseline.mrr));
  row('Brier (multiclass)', num(e.engine.brier), num(e.baseline.brier));
  row('ECE (top answer)', num(e.engine.ece), num(e.baseline.ece));
  row('parts-set Jaccard', num(e.engine.partsJaccard), num(e.baseline.partsJaccard));
  row('labour MAE (h)', num(e.engine.labourMae, 2), num(e.baseline.labourMae, 2));
  log('');
  log('reliability of the engine (top answer, by decile of its probability)');
  log('decile      claims   mean p    accuracy');
  for (const b of e.engine.reliability) {
    if (b.count === 0) continue;
    log(
      `${`${b.from.toFixed(1)}-${(b.from + 0.1).toFixed(1)}`.padEnd(12)}${String(b.count).padEnd(9)}${pct(b.meanProbability).padEnd(10)}${pct(b.accuracy)}`,
    );
  }
  log('');
  const t = e.timings;
  log(
    `build ${Math.round(t.buildMs)} ms, calibration ${Math.round(t.calibrateMs)} ms, query p50 ${t.queryP50Ms.toFixed(2)} ms, p95 ${t.queryP95Ms.toFixed(2)} ms`,
  );
}
