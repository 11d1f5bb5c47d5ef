// The production path, checked as an operator takes it: the built PWA and gateway copied into an
// empty folder with the lockfile, `npm ci --omit=dev` (no tsx, no Vite, no build tools), then
// `node dist-gateway/main.js` on a database of its own: PostgreSQL when DATABASE_URL is set (CI),
// else the embedded one. It passes when the gateway serves the PWA and its health check, with
// the demo seed loaded from its own chunk, and nothing warns about the runtime or the engines.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const fail = (message) => {
  console.error(`production check: ${message}`);
  process.exitCode = 1;
};

if (!existsSync('dist/index.html') || !existsSync('dist-gateway/main.js')) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'torque-production-'));
for (const path of ['package.json', 'package-lock.json', '.node-version', 'dist', 'dist-gateway'])
  cpSync(path, join(dir, path), { recursive: true });

// npm ci refuses where the registry lacks a platform build the lockfile names: npm install then.
const install = (command) =>
  spawnSync('npm', [command, '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: dir,
    encoding: 'utf8',
  });
let installed = install('ci');
if (installed.status !== 0) installed = install('install');
const installLog = `${installed.stdout}${installed.stderr}`;
if (installed.status !== 0) fail(`npm could not install the production tree:\n${installLog}`);
if (/EBADENGINE/.test(installLog)) fail('npm warned about an unsupported engine');
for (const dev of ['tsx', 'vite', 'vitest', 'esbuild', 'typescript'])
  if (existsSync(join(dir, 'node_modules', dev))) fail(`${dev} is in the production tree`);

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});

let databaseUrl = '';
const database = `torque_production_${process.pid}`;
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
}

const gateway = spawn(process.execPath, ['dist-gateway/main.js'], {
  cwd: dir,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: databaseUrl,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
gateway.stdout.on('data', (b) => (output += b));
gateway.stderr.on('data', (b) => (output += b));

const base = `http://localhost:${port}`;
const deadline = Date.now() + 180_000;
let health = null;
while (Date.now() < deadline && gateway.exitCode === null) {
  health = await fetch(`${base}/api/v1/health`).catch(() => null);
  if (health?.ok) break;
  await new Promise((r) => setTimeout(r, 500));
}
if (!health?.ok) fail(`the gateway did not answer its health check:\n${output}`);
else {
  const page = await fetch(`${base}/`);
  if (!page.ok || !(await page.text()).includes('<div id="root"')) fail('the PWA is not served');
  if (!/demo data seeded/.test(output)) fail(`the demo seed did not run:\n${output}`);
  if (/WARNING|Unsupported runtime/i.test(output)) fail(`the gateway warned:\n${output}`);
}

gateway.kill('SIGTERM');
await new Promise((r) => (gateway.exitCode === null ? gateway.once('exit', r) : r()));
if (databaseUrl) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
rmSync(dir, { recursive: true, force: true });
if (!process.exitCode)
  console.log(
    `production check: npm ci --omit=dev and node dist-gateway/main.js served on ${
      databaseUrl ? 'PostgreSQL' : 'the embedded database'
    }`,
  );
