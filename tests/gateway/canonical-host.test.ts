import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { OTHER_HOST_MESSAGE } from '../../gateway/http/canonical-host';
import { lanes, openGateway, PUBLIC_URL, TEST_PORT, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const OTHER = `127.0.0.1:${TEST_PORT}`;

describe.each(lanes)('one public address on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  beforeAll(async () => {
    gw = await openGateway(lane);
    dana = (await signIn(gw.app, 'dana.tech@northfield.example'))!;
  }, 300_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('redirects a page or read asked at another address to the same path on PUBLIC_URL', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of ['/', '/login?next=%2Fcases', '/api/v1/me', '//evil.example/x']) {
        const res = await gw.app.inject({ method, url, headers: { host: OTHER } });
        expect(res.statusCode, `${method} ${url}`).toBe(301);
        expect(res.headers.location, url).toBe(`${PUBLIC_URL}${url}`);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
    // The port is part of the address; letter case and the scheme's default port are not.
    const noPort = await gw.app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(noPort.statusCode).toBe(301);
    const upper = await gw.app.inject({
      url: '/api/v1/health',
      headers: { host: `LOCALHOST:${TEST_PORT}` },
    });
    expect(upper.statusCode).toBe(200);
    const odd = await gw.app.inject({ url: '/', headers: { host: `evil@localhost:${TEST_PORT}` } });
    expect(odd.statusCode).toBe(301);
  });

  it('refuses a write asked at another address, even with a valid session', async () => {
    const close = `/api/v1/cases/${MACHINE_1_CASES.northfieldOpen}/close`;
    for (const headers of [
      { host: OTHER },
      // DNS rebinding: a page served from the attacker's name, now pointing at this server.
      { host: 'evil.example:18380', origin: 'http://evil.example:18380' },
    ]) {
      const res = await gw.app.inject({
        method: 'POST',
        url: close,
        headers: { ...headers, cookie: dana },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(421);
      expect(apiErrorSchema.parse(res.json()).message).toBe(OTHER_HOST_MESSAGE);
    }
    const detail = await gw.app.inject({
      url: `/api/v1/cases/${MACHINE_1_CASES.northfieldOpen}`,
      headers: { cookie: dana },
    });
    expect(detail.json()).toMatchObject({ case: { isClosed: false } });
  });

  it('answers the health check at any address', async () => {
    const res = await gw.app.inject({ url: '/api/v1/health', headers: { host: '10.0.0.7:8080' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
