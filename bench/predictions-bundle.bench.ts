// The device's prediction bundle (docs/predictions.md), without a browser: the gateway's engine
// built as the gateway builds it over the demo claims, the bundle cut from the same claims by
// the engine's own bundle code, and the device's engine built from that bundle as the PWA's
// worker builds it. Prints the bundle's bytes (as JSON and gzip-compressed) for the largest
// model and for a dealer's whole priming (every model: the demo dealers sell them all), the
// same figures for the old bundle of every claim, and how often the device's top answer is the
// gateway's over a sample of questions. Goals: largest model ≤ 1.5 MB and a priming ≤ 5 MB
// over the wire; agreement ≥ 95 %. BENCH_SIZE=large for the 500,000 claims (about 2 minutes).
import { gzipSync } from 'node:zlib';
import { evidenceByModel, evidenceRows, withFamilies } from '../engine/bundle';
import { createEngine } from '../engine/index';
import { buildEngine } from '../engine/build';
import { demoClaims } from '../gateway/seed/demo-claims';
import { kb, ms } from './support';

const SIZE = process.env.BENCH_SIZE === 'large' ? 'large' : 'small';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);

const claims = demoClaims(SIZE).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
let t = performance.now();
const gateway = buildEngine(claims);
const gatewayMs = performance.now() - t;
t = performance.now();
const evidence = evidenceByModel(claims);
const evidenceMs = performance.now() - t;

function bytes(text: string): string {
  return `${kb(Buffer.byteLength(text))} as JSON, ${kb(gzipSync(text).length)} gzip-compressed`;
}
function bundleOf(models: string[]): string {
  return JSON.stringify({
    models,
    claims: claims.length,
    evidence: withFamilies(models, evidence),
    calibration: gateway.calibration,
  });
}
function oldBundleOf(models: string[]): string {
  const keys = new Set(models.map((m) => m.toLowerCase()));
  const rows = claims.filter((c) => keys.has(c.model.toLowerCase()));
  return JSON.stringify({
    models,
    claims: rows.map((c) => ({ ...c, serial: null })),
    calibration: gateway.calibration,
  });
}

const perModel = new Map<string, number>();
for (const c of claims) perModel.set(c.model, (perModel.get(c.model) ?? 0) + 1);
const models = [...perModel.keys()].sort();
const largest = [...perModel].sort((a, b) => b[1] - a[1])[0]![0];
console.log(
  `${SIZE} demo claims: ${claims.length} of ${models.length} models; gateway engine built in` +
    ` ${ms(gatewayMs)}, every model's evidence in ${ms(evidenceMs)}`,
);
console.log(`largest model, ${largest} (${perModel.get(largest)} claims):`);
console.log(`  before (every claim): ${bytes(oldBundleOf([largest]))}`);
console.log(`  after (statistics, with its family's models): ${bytes(bundleOf([largest]))}`);
console.log(`a dealer's whole priming (all ${models.length} models):`);
console.log(`  before: ${bytes(oldBundleOf(models))}`);
const priming = bundleOf(models);
console.log(`  after: ${bytes(priming)} (goal ≤ 5 MB gzip-compressed)`);

// The device: the priming as the worker reads it back, then built as the worker builds it.
t = performance.now();
const kept = JSON.parse(priming) as {
  claims: number;
  evidence: Parameters<typeof evidenceRows>[0];
};
const { rows, terms } = evidenceRows(kept.evidence, kept.claims);
const device = createEngine(rows, { calibration: gateway.calibration, terms });
const deviceMs = performance.now() - t;
console.log(
  `device engine: ${rows.length} distinct symptoms for ${claims.length} claims, built in` +
    ` ${ms(deviceMs)} here (unthrottled; predictions-device times it in the worker on a quarter of a core)`,
);

// Questions as technicians write them: a past symptom with one word left out.
let seed = 7;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
let same = 0;
let sameParts = 0;
let sameProbability = 0;
let asked = 0;
for (let i = 0; i < QUERIES; i++) {
  const c = claims[Math.floor(rnd() * claims.length)]!;
  const words = c.symptom.split(' ');
  if (words.length > 3) words.splice(Math.floor(rnd() * words.length), 1);
  const query = { model: c.model, family: c.family, symptom: words.join(' ') };
  const g = gateway.predict(query)[0];
  const d = device.predict(query)[0];
  asked++;
  if (g?.causalPart !== d?.causalPart) continue;
  same++;
  if (JSON.stringify(g?.requiredParts) === JSON.stringify(d?.requiredParts)) sameParts++;
  if (Math.abs((g?.probability ?? 0) - (d?.probability ?? 0)) < 0.01) sameProbability++;
}
const pct = (n: number) => `${((100 * n) / asked).toFixed(1)} %`;
console.log(
  `device vs gateway on ${asked} questions: the same top causal part ${pct(same)} (goal ≥ 95 %);` +
    ` of those, the same probability (±1 point) ${pct(sameProbability)}, the same parts set` +
    ` ${pct(sameParts)} (the device's is the part's aggregate, the gateway's the neighbours')`,
);
