// Gateway start to healthy: a first start on a new embedded database (initdb, migrations, small
// demo data), then restarts on the same data directory, with the resident memory once healthy.
// Measured for the compiled gateway (what `npm start` runs) and, beside it, for the TypeScript
// run through tsx as production did before, alternating the two in one run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway, type GatewayFrom } from '../e2e/support/gateway';
import { median, ms } from './support';

const port = Number(process.env.BENCH_PORT ?? 8191);
const runs = Number(process.env.BENCH_RUNS ?? 3);

/** VmRSS of a process, in MB (Linux). */
function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

const figures = new Map<GatewayFrom, { first: number[]; restart: number[]; rss: number[] }>();
for (let i = 0; i < runs; i++) {
  for (const from of ['source', 'build'] as const) {
    const f = figures.get(from) ?? { first: [], restart: [], rss: [] };
    figures.set(from, f);
    const dataDir = mkdtempSync(join(tmpdir(), 'torque-bench-start-'));
    let t = performance.now();
    let gw = await startGateway(port, { DATA_DIR: dataDir }, from);
    f.first.push(performance.now() - t);
    await gw.stop();
    t = performance.now();
    gw = await startGateway(port, { DATA_DIR: dataDir }, from);
    f.restart.push(performance.now() - t);
    f.rss.push(residentMb(gw.pid));
    await gw.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
for (const [from, f] of figures) {
  const label = from === 'build' ? 'compiled (npm start)' : 'TypeScript via tsx';
  console.log(
    `${label}: first start to healthy (new PGlite dir + small demo data) median ${ms(median(f.first))}; ` +
      `restart median ${ms(median(f.restart))} [${f.restart.map(ms).join(', ')}]; ` +
      `resident memory after restart median ${median(f.rss).toFixed(0)} MB`,
  );
}
