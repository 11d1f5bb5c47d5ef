// Sums the vitest JSON reports of every lane `npm test` ran into one closing line
// ("tests: N passed, N failed"), the form CI reads; vitest's own summary is per lane.
import { existsSync, readFileSync } from 'node:fs';

const lanes = ['unit', 'gateway', 'e2e'];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const lane of lanes) {
  const file = `.tmp/vitest-${lane}.json`;
  if (!existsSync(file)) {
    console.error(`no report from the ${lane} lane (${file})`);
    process.exit(1);
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`${lane}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
