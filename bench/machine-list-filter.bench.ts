// Machine list fuzzy filter (docs/architecture.md "Performance targets"): 500 customer
// results, the fuse.js filter at threshold 0.3 run once per keystroke while a word is typed
// into each filter field. Goal: median under 16 ms per keystroke (one frame).
import type { MachineListItem } from '../contract/machines';
import type { MachineListFilterField } from '../src/domain/machine-list';
import { createMachineListFilter } from '../src/features/machines/machine-list-filter';
import { median, ms } from './support';

const N = 500;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 5);

// Deterministic, realistic values: the shapes of the demo data (models, 5-digit serials,
// customer and city names, dealer names).
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const models = [
  'M7-172',
  'M5-111',
  'L3560',
  'SVL97-2',
  'MX6000',
  'B2650',
  'KX057-5',
  'U48-5',
  'L6060',
  'M6-141',
];
const first = [
  'Walter',
  'Greta',
  'Henry',
  'Marta',
  'Luis',
  'Ada',
  'Owen',
  'Priya',
  'Jonas',
  'Ruth',
];
const last = [
  'Hanson',
  'Lindqvist',
  'Okafor',
  'Novak',
  'Brennan',
  'Ibarra',
  'Schultz',
  'Moreau',
  'Tanaka',
  'Quinn',
];
const cities = [
  'Northfield',
  'Faribault',
  'Dundas',
  'Lakeville',
  'Owatonna',
  'Red Wing',
  'Hastings',
  'Cannon Falls',
];
const dealers = [
  'Northfield Equipment',
  'Riverbend Tractor',
  'Prairie Implement',
  'Valley Ag Supply',
];

const items: MachineListItem[] = Array.from({ length: N }, (_, i) => {
  const model = pick(models);
  const serial = String(10000 + Math.floor(rand() * 89999));
  return {
    serialNumber: serial,
    materialNumber: model,
    description: `${model} Tractor`,
    productIdentificationNo: `KBC${model.replace(/-/g, '')}TNP0${serial}`.slice(0, 17),
    endCustomerName: `${pick(first)} ${pick(last)} ${i}`,
    city: pick(cities),
    state: 'MN',
    servicingDealerName: pick(dealers),
    iconUrl: '/api/v1/machine-icons/Tractor',
  };
});

const typed: Record<MachineListFilterField, string> = {
  model: 'M7-172',
  serial: items[250]!.serialNumber,
  customer: 'Lindqvist',
  city: 'Owatonna',
  dealer: 'Riverbend Tractor',
};

const perKeystroke: number[] = [];
const firstKeystroke: number[] = [];
let matched = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const [field, word] of Object.entries(typed) as [MachineListFilterField, string][]) {
    // A fresh list each round, as the screen has after a search: the first keystroke pays
    // for the field's index.
    const filter = createMachineListFilter(items);
    for (let k = 1; k <= word.length; k++) {
      const t = performance.now();
      matched = filter(field, word.slice(0, k)).length;
      const took = performance.now() - t;
      (k === 1 ? firstKeystroke : perKeystroke).push(took);
    }
  }
}
const all = [...firstKeystroke, ...perKeystroke].sort((a, b) => a - b);
const p95 = all[Math.min(all.length - 1, Math.floor(all.length * 0.95))]!;
const fmt = (n: number) => `${n.toFixed(2)} ms`;
console.log(`machine list filter, ${N} items, fuse.js threshold 0.3, ${all.length} keystrokes:`);
console.log(`  per keystroke: median ${fmt(median(all))}, p95 ${fmt(p95)} (goal median < 16 ms)`);
console.log(
  `  first keystroke of a field (builds its index): median ${fmt(median(firstKeystroke))}`,
);
console.log(`  later keystrokes: median ${fmt(median(perKeystroke))}`);
console.log(`  (last word matched ${matched} items; ${ms(all.reduce((a, b) => a + b, 0))} in all)`);
