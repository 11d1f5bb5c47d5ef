// Dealer case list filter (docs/architecture.md "Performance targets"): 500 cases, the Status
// selection plus the fuse.js Model or Serial search at threshold 0.3, run once per keystroke
// while a model and a serial are typed. Goal: median under 16 ms per keystroke (one frame).
import type { CaseListRow } from '../contract/cases';
import { CASE_STATUSES } from '../contract/cases';
import { CASE_STATUS_DEFAULT } from '../src/domain/case-list';
import { createCaseListFilter } from '../src/features/cases/case-list-filter';
import { median, ms } from './support';

const N = 500;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 5);

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const models = ['M7-172', 'M5-111', 'L3560', 'SVL97-2', 'MX6000', 'B2650', 'KX057-5', 'U48-5'];

const cases: CaseListRow[] = Array.from({ length: N }, (_, i) => ({
  id: `case-${i}`,
  caseNumber: String(12000 + i).padStart(8, '0'),
  status: pick(CASE_STATUSES),
  subject: `Hydraulic fault ${i}`,
  recordType: 'Case',
  serialNumber: String(10000 + Math.floor(rand() * 89999)),
  modelNumber: pick(models),
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  lastActivityAt: '2026-11-01T10:00:00Z',
}));

const words = ['M7-172', cases[250]!.serialNumber!, 'SVL972'];
const selections: readonly (readonly string[])[] = [CASE_STATUS_DEFAULT, ['All']];
const perKeystroke: number[] = [];
const firstKeystroke: number[] = [];
let matched = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const statuses of selections) {
    for (const word of words) {
      // A fresh filter per word, as after a refresh: the first keystroke builds the index.
      const filter = createCaseListFilter(cases);
      for (let k = 1; k <= word.length; k++) {
        const t = performance.now();
        matched = filter(statuses, word.slice(0, k)).length;
        (k === 1 ? firstKeystroke : perKeystroke).push(performance.now() - t);
      }
    }
  }
}
const all = [...firstKeystroke, ...perKeystroke].sort((a, b) => a - b);
const p95 = all[Math.min(all.length - 1, Math.floor(all.length * 0.95))]!;
const fmt = (n: number) => `${n.toFixed(2)} ms`;
console.log(
  `case list filter, ${N} cases, status selection + fuse.js 0.3, ${all.length} keystrokes:`,
);
console.log(`  per keystroke: median ${fmt(median(all))}, p95 ${fmt(p95)} (goal median < 16 ms)`);
console.log(`  first keystroke (builds the index): median ${fmt(median(firstKeystroke))}`);
console.log(`  later keystrokes: median ${fmt(median(perKeystroke))}`);
console.log(`  (last word matched ${matched} cases; ${ms(all.reduce((a, b) => a + b, 0))} in all)`);
