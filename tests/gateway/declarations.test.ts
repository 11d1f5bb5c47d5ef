import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { getRemoteConfig } from '../../contract/endpoints/config';
import { getHealth } from '../../contract/endpoints/meta';
import { installDeclarationCheck, route } from '../../gateway/http/route';

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
});
