import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../../gateway/http/access';
import { openApiPath } from '../../gateway/http/openapi';
import { installDeclarationCheck, route } from '../../gateway/http/route';
import { getRemoteConfig } from '../../contract/endpoints/config';
import { lanes, openGateway, type TestGateway } from './harness';

const REDOCLY = 'node_modules/@redocly/cli/bin/cli.js';

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('declarations', () => {
  it('refuse to start a gateway with an /api/v1 handler nobody declared', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installDeclarationCheck(app, [{ endpoint: getRemoteConfig }]);
    route(app, getRemoteConfig, async () => {
      throw new Error('not called');
    });
    void app.register(async (child) => {
      child.get('/api/v1/undeclared', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/undeclared has no declaration/);
    await app.close();
  });
});

describe.each(lanes)('OpenAPI document on $name', (lane) => {
  let gw: TestGateway;
  let document: Document;
  beforeAll(async () => {
    gw = await openGateway(lane);
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    document = res.json<Document>();
  });
  afterAll(async () => {
    await gw?.close();
  });

  const apiRoutes = () =>
    declaredRoutes(gw.app).filter((r) => r.url.startsWith('/api/v1') && r.method !== 'HEAD');

  it('is OpenAPI 3.1, served to anyone', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it("has no problem under Redocly's recommended rules (npx @redocly/cli lint)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'torque-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      // Exit code 1 on an error: the report is read either way.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          REDOCLY,
          'lint',
          file,
          '--extends',
          'recommended',
          '--format',
          'json',
          '--max-problems',
          '1000',
        ],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((err: { stdout: string }) => err);
      const report = JSON.parse(stdout) as {
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map(
        (p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
      );
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every operation by its declaration and says who may call it', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((o) => o.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/v1/cases']?.get?.operationId).toBe('listCases');
    expect(document.paths['/api/v1/health']?.get?.security).toEqual([]);
    expect(document.paths['/api/v1/cases']?.get?.security).toEqual([
      { sessionCookie: [] },
      { bearer: [] },
    ]);
    expect(document.paths['/api/v1/cases']?.get?.responses['200']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ListCasesResponse' } },
    });
  });

  it('declares the errors the gateway answers, as the gateway answers them', async () => {
    const cases = document.paths['/api/v1/cases/{id}/close']?.post?.responses ?? {};
    expect(Object.keys(cases)).toEqual(
      expect.arrayContaining(['400', '401', '404', '409', '422', '503', 'default']),
    );
    const search = document.paths['/api/v1/knowledge/search']?.get?.responses ?? {};
    expect(Object.keys(search)).toContain('429');
    // The 401 declared is the one given: no session on a signed-in endpoint.
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/cases' });
    expect(res.statusCode).toBe(401);
    expect(document.paths['/api/v1/cases']?.get?.responses['401']).toBeDefined();
  });

  it('describes every registered route, with its method, path and path parameters', () => {
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const where = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        wrong.push(`${where}: missing from the document`);
        continue;
      }
      const documented = (operation.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      const inPath = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();
      if (documented.join() !== inPath.join()) {
        wrong.push(
          `${where}: path parameters ${documented.join()} documented, ${inPath.join()} served`,
        );
      }
      if (route.endpoint?.method !== route.method || route.endpoint.path !== route.url) {
        wrong.push(`${where}: not registered against its declaration`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('documents an upload as a multipart form, a stored file as bytes, an optional body as such', () => {
    const upload = document.paths['/api/v1/cases/{id}/files']?.post;
    expect(upload?.requestBody).toEqual({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' } },
            required: ['file'],
          },
        },
      },
    });
    const file = document.paths['/api/v1/case-files/{id}']?.get;
    expect(file?.responses['200']?.content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });
    expect(document.paths['/api/v1/cases/{id}/close']?.post?.requestBody?.required).toBe(false);
    expect(document.paths['/api/v1/cases/{id}/feed']?.post?.requestBody?.required).toBe(true);
  });

  it('documents no endpoint the gateway does not serve', () => {
    const served = new Set(apiRoutes().map((r) => `${r.method} ${openApiPath(r.url)}`));
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((d) => !served.has(d))).toEqual([]);
  });
});
