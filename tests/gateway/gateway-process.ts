import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';

/**
 * The gateway as the real process `npm run serve` starts (gateway/main.ts), so what ends a
 * process (an uncaught exception, an unhandled rejection) ends it here too: a test runner's
 * own handlers would catch those in process.
 */
export interface GatewayProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Everything the process wrote, stdout and stderr, to show when it died. */
  output(): string;
  /** Null while it runs; else how it ended. */
  ended(): string | null;
}

/** Starts one and resolves once it says it is ready (rejects if it exits before). */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DEMO_DATA: 'none',
      LOG_LEVEL: 'info',
      STATIC_DIR: join(env.DATA_DIR ?? '', 'no-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  const take = (chunk: Buffer) => (seen += chunk.toString());
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      if (/gateway ready/.test(seen)) {
        child.stdout!.off('data', ready);
        resolve();
      }
    };
    child.stdout!.on('data', ready);
    child.once('exit', (code) => reject(new Error(`gateway exited (${code}): ${seen}`)));
  });
  return {
    child,
    port,
    origin,
    output: () => seen,
    ended: () =>
      child.exitCode !== null
        ? `exit code ${child.exitCode}`
        : child.signalCode !== null
          ? `signal ${child.signalCode}`
          : null,
  };
}

/** Kills it at once (SIGKILL, as the OOM killer or a pulled plug does) and waits for the end. */
export async function killGatewayProcess(g: GatewayProcess): Promise<void> {
  if (g.ended()) return;
  const exited = new Promise((r) => g.child.once('exit', r));
  g.child.kill('SIGKILL');
  await exited;
}
