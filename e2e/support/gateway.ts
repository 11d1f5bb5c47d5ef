import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningGateway {
  url: string;
  dataDir: string;
  /** The gateway's process id, for what only the process can say (its memory). */
  pid: number;
  stop(): Promise<void>;
}

/** What `npm run build` compiles the gateway to, and what `npm start` runs. */
export const GATEWAY_BUILD = 'dist-gateway/main.js';

/** The compiled gateway, as production runs it, or its TypeScript through tsx. */
export type GatewayFrom = 'build' | 'source';

const ARGS: Record<GatewayFrom, string[]> = {
  build: ['--enable-source-maps', GATEWAY_BUILD],
  source: ['--import', 'tsx', 'gateway/main.ts'],
};

/**
 * Starts the real gateway on a fresh embedded database, exactly as `npm start` does after its
 * build, and waits for /api/v1/health. With `template` (the data directory of a gateway that
 * migrated and seeded one, and stopped), it starts on a copy of it: about 3 s where a first
 * start's seeding takes about 15.
 */
export async function startGateway(
  port: number,
  env: Record<string, string> = {},
  from: GatewayFrom = 'build',
  template?: string,
): Promise<RunningGateway> {
  if (from === 'build' && !existsSync(GATEWAY_BUILD)) {
    throw new Error(`${GATEWAY_BUILD} is missing: run \`npm run build\` first`);
  }
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'torque-e2e-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ARGS[from], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The e2e lane always runs on the embedded database, as a fresh install does.
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  await waitForHealth(url, child, () => output);
  return {
    url,
    dataDir,
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  // A loaded shared machine can take longer to create and seed a fresh database.
  const limitMs = Number(process.env.E2E_GATEWAY_START_MS ?? 120_000);
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`gateway exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`gateway did not become healthy in ${limitMs / 1000} s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
