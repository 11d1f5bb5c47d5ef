// npm run predictions:eval -- [FILE.csv] [--json] [--size small|large] [--folds N] [--knn N]
// Judges the parts-prediction engine on a claims file (or, without one, on the demo claims)
// as the gateway builds it: learning from everything older than the newest 20 %, its
// probabilities fitted on the newest fifth of those; its figures beside the baselines' (most
// frequent part of the model; nearest 25 by character 4-grams), with bootstrap 90 % intervals
// and the mean over N rolling cut dates (docs/predictions.md).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { demoClaims } from '../gateway/seed/demo-claims';
import { readClaimsCsv, type ClaimsFile } from './predictions-eval/claims-csv';
import { evaluate } from './predictions-eval/evaluate';
import { printReport } from './predictions-eval/report';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    size: { type: 'string', default: 'small' },
    folds: { type: 'string' },
    // The nearest 25 reads every learning claim per question: on the large set, ask it fewer.
    knn: { type: 'string' },
  },
});
const file = positionals[0];
const size = values.size === 'large' ? 'large' : 'small';

let claims: ClaimsFile;
let source: string;
if (file) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
  claims = readClaimsCsv(text);
  source = file;
} else {
  const rows = demoClaims(size);
  claims = { rows, read: rows.length, refused: [] };
  source = `demo claims (${size})`;
}

if (claims.rows.length < 10) {
  console.error(`Too few readable claims to evaluate (${claims.rows.length}).`);
  for (const r of claims.refused.slice(0, 5)) console.error(`  line ${r.line}: ${r.reason}`);
  process.exit(1);
}

const folds = values.folds === undefined ? undefined : Math.max(0, Number(values.folds) || 0);
const knnMax = values.knn === undefined ? undefined : Math.max(1, Number(values.knn) || 1);
const result = evaluate(claims.rows, { folds, knnMax });
if (values.json) {
  console.log(
    JSON.stringify({
      source,
      rowsRead: claims.read,
      rowsRefused: claims.refused.length,
      refusedReasons: claims.refused.slice(0, 10),
      ...result,
    }),
  );
} else {
  printReport(source, claims.read, claims.refused, result);
}
