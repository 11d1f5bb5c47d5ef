// Runs every benchmark in turn. Each prints its own figures; none passes or fails on time.
// `npm run bench -- first-screen` runs only the benches whose name contains the word.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filter = process.argv[2];
const benches = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

console.log(`Node.js ${process.version}`);
let failed = 0;
for (const file of benches) {
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
