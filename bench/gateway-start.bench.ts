// Gateway start to healthy: a first start on a new embedded database (initdb, migrations, small
// demo data), then restarts on the same data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from '../e2e/support/gateway';
import { median, ms } from './support';

const port = Number(process.env.BENCH_PORT ?? 8191);
const runs = Number(process.env.BENCH_RUNS ?? 3);

const first: number[] = [];
const restart: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'torque-bench-start-'));
  let t = performance.now();
  let gw = await startGateway(port, { DATA_DIR: dataDir });
  first.push(performance.now() - t);
  await gw.stop();
  t = performance.now();
  gw = await startGateway(port, { DATA_DIR: dataDir });
  restart.push(performance.now() - t);
  await gw.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `gateway first start to healthy (new PGlite dir + small demo data): median ${ms(median(first))}  [${first.map(ms).join(', ')}]`,
);
console.log(
  `gateway restart to healthy (existing dir):                          median ${ms(median(restart))}  [${restart.map(ms).join(', ')}]`,
);
