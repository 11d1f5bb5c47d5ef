// npm run -s predictions:real -- excavators|aviation-2|aviation-1 < SOURCE.csv > CLAIMS.csv
// Turns one of the two public sets of real maintenance text into the claims file that
// `npm run predictions:eval -- CLAIMS.csv` reads (where each comes from: docs/predictions.md).
import { readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { CLAIMS_HEADER } from './predictions-eval/claims-csv';
import { aviationClaims, excavatorClaims } from './predictions-eval/real-text';

const sets = {
  excavators: excavatorClaims,
  'aviation-2': (text: string) => aviationClaims(text, 2),
  'aviation-1': (text: string) => aviationClaims(text, 1),
};
const name = process.argv[2] as keyof typeof sets;
if (!(name in sets)) {
  console.error(`Which set? One of: ${Object.keys(sets).join(', ')} (the source CSV on stdin)`);
  process.exit(2);
}
const claims = sets[name](readFileSync(0, 'utf8'));
process.stdout.write(stringify([[...CLAIMS_HEADER], ...claims]));
console.error(`${claims.length} claims, ${new Set(claims.map((c) => c[4])).size} causal parts`);
