import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';

interface PackageJson {
  scripts: { serve: string };
}

/** Resolves when the child's output so far matches. */
function outputMatching(child: ChildProcess, pattern: RegExp): Promise<void> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      if (!pattern.test(seen)) reject(new Error(`gateway exited (${code}): ${seen}`));
    });
  });
}

// The process as `npm run serve` starts it, on the embedded database (no PostgreSQL lane: the
// order of "finish the requests, then close the pool" is the same for both).
describe('SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'torque-shutdown-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, then exits', async () => {
    const port = await freePort();
    // Exactly what `npm run serve` runs (the signal goes to that process).
    const serve = (JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson).scripts.serve;
    const [command, ...args] = serve.split(' ');
    expect(command).toBe('node');
    // `npm run serve` runs the compiled gateway: compile it from this tree first (esbuild, a
    // second or two), so the process under test is this code, not an earlier build.
    execFileSync(process.execPath, ['scripts/build-gateway.mjs'], { stdio: 'inherit' });
    child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: 'none',
        LOG_LEVEL: 'info',
        STATIC_DIR: join(dataDir, 'no-build'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((r) => child!.once('exit', r));
    await outputMatching(child, /gateway ready/);

    // A request whose body is still arriving is in flight when the signal comes.
    const body = JSON.stringify({ idToken: 'x'.repeat(100) });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/auth/session',
          // The gateway's public address (PUBLIC_URL defaults to localhost), reached by IP.
          headers: {
            host: `localhost:${port}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      const rest = () => req.end(body.slice(10));
      void outputMatching(child!, /\/api\/v1\/auth\/session[^\n]*"incoming request"/).then(() => {
        child!.kill('SIGTERM');
        // The rest of the body after the signal: the gateway must still read and answer it.
        setImmediate(rest);
      });
    });
    const { status, text } = await answer;
    // A bogus token: refused by the route, which means the route ran to the end.
    expect(status, text).toBe(401);
    expect(await exited).toBe(0);
  }, 120_000);
});
