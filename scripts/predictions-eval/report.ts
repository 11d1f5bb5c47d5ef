import { hitRate, type QualityCounts } from '../../contract/prediction-quality';
import { CALIBRATION_SAMPLE } from '../../engine';
import type { Refusal } from './claims-csv';
import type { Evaluation } from './evaluate';
import type { Headline } from './intervals';
import type { Metrics } from './metrics';

/* The evaluation as a table for people. */

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const num = (x: number | null, digits = 3) => (x === null ? 'n/a' : x.toFixed(digits));

/** One table of the Predictions quality page: settled, then the hit rate at 1, 3 and 5. */
function qualityTable(
  first: string,
  rows: readonly (QualityCounts & { label: string })[],
  log: (line: string) => void,
) {
  log(`${first.padEnd(22)}${'tested'.padEnd(9)}top-1     top-3     top-5`);
  for (const r of rows) {
    const rates = ([1, 3, 5] as const).map((k) => {
      const rate = hitRate(r, k);
      return (rate === null ? '-' : pct(rate)).padEnd(10);
    });
    log(`${r.label.padEnd(22)}${String(r.settled).padEnd(9)}${rates.join('')}`.trimEnd());
  }
}

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
    `split by date: learn ${s.learn} (${s.leftOutForSerial} left out: machine in test), test ${s.test}`,
  );
  log('');
  log(`built as the gateway builds it: learning from all ${s.learn} claims older than the test,`);
  log(
    `its probabilities fitted on the newest ${s.calibrate} of them, held out (at most ${CALIBRATION_SAMPLE} asked, evenly spread)`,
  );
  if (e.knnLearned < s.learn) log(`the nearest 25 learn from the newest ${e.knnLearned} of them`);
  log('');
  log(
    `                      engine     nearest 25 (${e.knn.claims} tested)   most frequent part of the model`,
  );
  const row = (name: string, a: string, k: string, b: string) =>
    log(`${name.padEnd(22)}${a.padEnd(11)}${k.padEnd(24)}${b}`);
  const figures: [string, (m: Metrics) => string][] = [
    ['top-1', (m) => pct(m.top1)],
    ['top-3', (m) => pct(m.top3)],
    ['top-5', (m) => pct(m.top5)],
    ['MRR', (m) => num(m.mrr)],
    ['Brier (multiclass)', (m) => num(m.brier)],
    ['ECE (top answer)', (m) => num(m.ece)],
    ['parts-set Jaccard', (m) => num(m.partsJaccard)],
    ['labour MAE (h)', (m) => num(m.labourMae, 2)],
  ];
  for (const [name, f] of figures) row(name, f(e.engine), f(e.knn), f(e.baseline));
  log('');
  log('90 % bootstrap intervals          engine                nearest 25');
  const span = ([a, b]: [number, number], p: boolean) =>
    p ? `${pct(a)} - ${pct(b)}` : `${num(a)} - ${num(b)}`;
  for (const key of ['top1', 'top3', 'top5', 'ece'] as const) {
    const p = key !== 'ece';
    log(
      `${key.padEnd(34)}${span(e.intervals.engine[key], p).padEnd(22)}${span(e.intervals.knn[key], p)}`,
    );
  }
  const noise = e.eceNoise;
  log(
    `ECE a perfectly calibrated engine would show on these claims: ${num(noise.mean)} (90 %: ${num(noise.interval[0])} - ${num(noise.interval[1])})`,
  );
  if (e.rolling) {
    log('');
    log(
      'rolling origin (test window by date)  engine top-1/3/5, ECE             nearest 25 top-1/3/5, ECE',
    );
    const line = (h: Headline) => `${pct(h.top1)} / ${pct(h.top3)} / ${pct(h.top5)}, ${num(h.ece)}`;
    for (const f of e.rolling.folds) {
      log(
        `${`${pct(f.from)}-${pct(f.to)} (${f.test})`.padEnd(38)}${line(f.engine).padEnd(34)}${line(f.knn)}`,
      );
    }
    log(`${'mean'.padEnd(38)}${line(e.rolling.mean.engine).padEnd(34)}${line(e.rolling.mean.knn)}`);
  }
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
  log('the engine on the tested claims, as the Predictions quality page counts predictions');
  qualityTable(
    'month',
    e.quality.months.map((m) => ({ ...m, label: m.month })),
    log,
  );
  log('');
  qualityTable(
    'model',
    e.quality.models.map((m) => ({ ...m, label: m.model })),
    log,
  );
  log('');
  const t = e.timings;
  log(
    `build ${Math.round(t.buildMs)} ms (calibration fit included), query p50 ${t.queryP50Ms.toFixed(2)} ms, p95 ${t.queryP95Ms.toFixed(2)} ms`,
  );
}
