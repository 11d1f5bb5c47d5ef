// The e2e lane: Debian's Chromium, the production build, the real gateway.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}. Install Debian's build: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

// Files wait on the network and timers for much of their run: two at a time keep both cores
// busy. One Chromium and one gateway per worker; one file alone needs one.
const files = process.argv.slice(2).filter((a) => a.endsWith('.test.ts'));
process.env.E2E_WORKERS ??= String(files.length === 1 ? 1 : Math.min(2, availableParallelism()));

if (!process.env.E2E_SKIP_BUILD) run('npm', ['run', 'build']);
run('npx', [
  'vitest',
  'run',
  '--project',
  'e2e',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest-e2e.json',
  ...process.argv.slice(2),
]);
