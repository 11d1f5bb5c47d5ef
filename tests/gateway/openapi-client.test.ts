import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const run = promisify(execFile);

/*
 * What an integrator does with the served document: generate types (openapi-typescript), call
 * the API through openapi-fetch with them, compile with tsc and run it against a gateway
 * listening on a port. A document whose paths, parameters or answers do not fit what the
 * gateway serves fails to compile or answers wrongly here.
 */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const client = createClient<paths>({
  baseUrl: process.env.BASE_URL!,
  headers: { authorization: \`Bearer \${process.env.TOKEN!}\` },
});
const health = await client.GET('/api/v1/health');
const session = await client.GET('/api/v1/auth/session');
const cases = await client.GET('/api/v1/cases', { params: { query: { limit: 2 } } });
// Typed by the document: a field it does not declare would not compile.
const status: 'ok' | 'unavailable' | undefined = health.data?.status;
const username: string | undefined = session.data?.user.username;
const listed: number | undefined = cases.data?.cases.length;
const total: number | undefined = cases.data?.total;
console.log(JSON.stringify({ status, username, listed, total, statuses: [health.response.status, session.response.status, cases.response.status] }));
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    outDir: 'out',
  },
  files: ['client.ts', 'schema.d.ts'],
};

describe.each(lanes)('a client generated from the OpenAPI document, on $name', (lane) => {
  let gw: TestGateway;
  let publicUrl: string;
  const dir = mkdtempSync(join(tmpdir(), 'torque-client-'));
  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    gw = await openGateway(lane, { PUBLIC_URL: publicUrl });
    await gw.app.listen({ port, host: '127.0.0.1' });
    const served = await fetch(`${publicUrl}/api/v1/openapi.json`);
    expect(served.status).toBe(200);
    const types = astToString(await openapiTS((await served.json()) as never));
    writeFileSync(join(dir, 'schema.d.ts'), types);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compiles, and calls the health check, the session and the case list', async () => {
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    await run(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', dir]);

    const cookie = await signIn(gw.app, 'dana.tech@northfield.example', publicUrl);
    const { stdout } = await run(process.execPath, [join(dir, 'out', 'client.js')], {
      env: { ...process.env, BASE_URL: publicUrl, TOKEN: cookie.slice(cookie.indexOf('=') + 1) },
    });
    const answer = JSON.parse(stdout) as {
      status: string;
      username: string;
      listed: number;
      total: number;
      statuses: number[];
    };
    expect(answer.statuses).toEqual([200, 200, 200]);
    expect(answer.status).toBe('ok');
    expect(answer.username).toBe('dana.tech@northfield.example');
    expect(answer.listed).toBe(2);
    expect(answer.total).toBeGreaterThanOrEqual(answer.listed);
  });

  it('does not compile a call the document does not declare', async () => {
    writeFileSync(
      join(dir, 'wrong.ts'),
      `import createClient from 'openapi-fetch';\nimport type { paths } from './schema.js';\n` +
        `await createClient<paths>({}).GET('/api/v1/cases', { params: { query: { limit: 'two' } } });\n`,
    );
    writeFileSync(
      join(dir, 'tsconfig.wrong.json'),
      JSON.stringify({ ...TSCONFIG, files: ['wrong.ts', 'schema.d.ts'] }),
    );
    const failed = await run(process.execPath, [
      resolve('node_modules/typescript/bin/tsc'),
      '-p',
      join(dir, 'tsconfig.wrong.json'),
      '--noEmit',
    ]).then(
      () => null,
      (err: { stdout: string }) => err.stdout,
    );
    expect(failed).toMatch(/wrong\.ts.*error TS2322/s);
  });
});
