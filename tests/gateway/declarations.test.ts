import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../contract/endpoint';
import { getRemoteConfig } from '../../contract/endpoints/config';
import { getHealth } from '../../contract/endpoints/meta';
import { installDeclarationCheck, route } from '../../gateway/http/route';
import { idempotentWrite } from '../../gateway/services/idempotency';

/* What contract/endpoints/ declares and what the gateway routes are one list, checked at start. */
describe('declarations', () => {
  function app() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return app;
  }

  it('refuse to start a gateway with a declaration that no route answers', async () => {
    const gateway = app();
    installDeclarationCheck(gateway, [{ endpoint: getRemoteConfig }, { endpoint: getHealth }]);
    route(gateway, getRemoteConfig, async () => {
      throw new Error('not called');
    });
    await expect(gateway.ready()).rejects.toThrow(
      /declared in contract\/endpoints\/ but given no route\(\): GET \/api\/v1\/health/,
    );
    await gateway.close();
  });

  it('start a gateway whose every declaration has its route', async () => {
    const gateway = app();
    installDeclarationCheck(gateway, [{ endpoint: getRemoteConfig }]);
    route(gateway, getRemoteConfig, async () => {
      throw new Error('not called');
    });
    await expect(gateway.ready()).resolves.toBe(gateway);
    await gateway.close();
  });

  /** A write declared as the outbox's writes are, applied once per Idempotency-Key. */
  const declaredWrite = endpoint({
    method: 'POST',
    path: '/api/v1/test-write',
    summary: 'A write for this test',
    access: 'anonymous',
    scope: 'public',
    responses: { 201: z.object({ ok: z.boolean() }) },
    idempotent: true,
  });

  it('refuse the success of an idempotent write that skipped the key store', async () => {
    const gateway = app();
    route(gateway, declaredWrite, async (_request, reply) => reply.code(201).send({ ok: true }));
    const res = await gateway.inject({ method: 'POST', url: '/api/v1/test-write' });
    expect(res.statusCode).toBe(500);
    await gateway.close();
  });

  it('refuse a key-store write on a route not declared idempotent', async () => {
    const gateway = app();
    let refused: unknown = null;
    route(gateway, getRemoteConfig, async (request, reply) => {
      try {
        // The check comes before any database use: no database is needed to see it refuse.
        return await idempotentWrite(null as never, request, reply, async () => ({
          status: 200,
          body: {},
        }));
      } catch (err) {
        refused = err;
        throw err;
      }
    });
    const res = await gateway.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(500);
    expect(String(refused)).toMatch(/does not say idempotent: true/);
    await gateway.close();
  });
});
