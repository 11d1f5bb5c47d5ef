import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigSchema } from '../../contract/auth';
import { remoteConfigSchema } from '../../contract/config';
import { apiErrorSchema, healthSchema } from '../../contract/errors';
import { lanes, openGateway, PUBLIC_URL, type TestGateway } from './harness';

describe.each(lanes)('HTTP surface on $name', (lane) => {
  let gw: TestGateway;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'torque-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(
      join(staticDir, 'index.html'),
      '<!doctype html><title>Torque</title><div id="root"></div>',
    );
    writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Torque"}');
    writeFileSync(join(staticDir, 'assets', 'x-1a2b3c.js'), 'console.log(1);');
    gw = await openGateway(lane, { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const expectApiError = (
    res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
    status: number,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toContain('application/json');
    const body = apiErrorSchema.parse(res.json());
    expect(body.statusCode).toBe(status);
    expect(body.message.length).toBeGreaterThan(0);
    return body;
  };

  it('answers health after a database round trip', async () => {
    const res = await gw.app.inject({ url: '/api/v1/health' });
    expect(healthSchema.parse(res.json())).toEqual({ status: 'ok', database: 'ok' });
  });

  it('revalidates the remote config by ETag: 304 without a body while it is unchanged', async () => {
    const res = await gw.app.inject({ url: '/api/v1/config' });
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await gw.app.inject({
      url: '/api/v1/config',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await gw.app.inject({
      url: '/api/v1/config',
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    remoteConfigSchema.parse(stale.json());
  });

  it('serves the remote config publicly, with links to its own honest pages', async () => {
    const res = await gw.app.inject({ url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    const config = remoteConfigSchema.parse(res.json());
    expect(config.productName).toBe('Torque');
    expect(config.callTscNumber).toBe('+1-800-555-0142');
    expect(config.privacyPolicyUrl).toBe('/links/privacy-policy');
    const page = await gw.app.inject({ url: config.privacyPolicyUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('A deployment links the company&#39;s privacy policy here.');
    const pdi = await gw.app.inject({
      url: `${config.productDeliveryInspectionUrl}?model=<b>M1</b>&serial=12345`,
    });
    expect(pdi.body).toContain('&lt;b&gt;M1&lt;/b&gt;');
    expect((await gw.app.inject({ url: '/links/nope' })).statusCode).toBe(404);
  });

  it('hands msal an https authority alias with the real discovery document', async () => {
    const config = authConfigSchema.parse(
      (await gw.app.inject({ url: '/api/v1/auth/config' })).json(),
    );
    expect(config.clientId).toBe('torque-pwa');
    expect(config.authority).toBe(PUBLIC_URL.replace('http:', 'https:') + '/oidc');
    expect(config.knownAuthorities).toEqual([new URL(PUBLIC_URL).host]);
    expect(config.scopes).toEqual(['openid', 'profile', 'email']);
    expect(config.redirectPath).toBe('/login');
    const meta = JSON.parse(config.authorityMetadata!) as Record<string, string>;
    expect(meta.issuer).toBe(`${PUBLIC_URL}/oidc`);
    expect(meta.token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
    expect(meta.authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
    expect(config.endSessionUrl).toBe(`${PUBLIC_URL}/oidc/session/end`);
    const direct = await gw.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(direct.statusCode).toBe(200);
  });

  describe('bad input is a 400 JSON answer, never a 500', () => {
    const post = (payload: string, contentType?: string) =>
      gw.app.inject({
        method: 'POST',
        url: '/api/v1/auth/session',
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
      });
    it('malformed JSON', async () => {
      expectApiError(await post('{"idToken": ', 'application/json'), 400);
    });
    it('missing idToken', async () => {
      const body = expectApiError(await post('{}', 'application/json'), 400);
      expect(body.message).toContain('idToken');
    });
    it('wrong types', async () => {
      expectApiError(await post('{"idToken": 42}', 'application/json'), 400);
      expectApiError(await post('[]', 'application/json'), 400);
      expectApiError(await post('null', 'application/json'), 400);
    });
    it('a huge idToken', async () => {
      const body = expectApiError(
        await post(JSON.stringify({ idToken: 'a'.repeat(100_000) }), 'application/json'),
        400,
      );
      expect(body.message).toContain('too long');
    });
    it('a wrong content type', async () => {
      expectApiError(await post('idToken=abc', 'application/x-www-form-urlencoded'), 400);
      expectApiError(await post('idToken', 'text/plain'), 400);
    });
    it('no body at all', async () => {
      expectApiError(await gw.app.inject({ method: 'POST', url: '/api/v1/auth/session' }), 400);
    });
    it('a body over the limit', async () => {
      const res = await post(
        JSON.stringify({ idToken: 'a'.repeat(2_000_000) }),
        'application/json',
      );
      expect(res.statusCode).toBe(413);
      apiErrorSchema.parse(res.json());
    });
    it('unknown API paths and methods are 404 JSON', async () => {
      expectApiError(await gw.app.inject({ url: '/api/v1/x' }), 404);
      expectApiError(
        await gw.app.inject({ url: '/api/v1/x', headers: { accept: 'text/html' } }),
        404,
      );
      expectApiError(await gw.app.inject({ method: 'DELETE', url: '/api/v1/me' }), 404);
    });
    it('a URL that does not decode is 400 JSON', async () => {
      expectApiError(await gw.app.inject({ url: '/api/v1/%c0' }), 400);
    });
    it('odd session headers are 401, not 500', async () => {
      for (const headers of [
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        { authorization: `Bearer ${'x'.repeat(5000)}` },
        { cookie: 'torque_session=%%%' },
      ]) {
        expectApiError(await gw.app.inject({ url: '/api/v1/me', headers }), 401);
      }
    });
  });

  describe('serves the PWA build', () => {
    it('hashed assets are immutable for a year', async () => {
      const res = await gw.app.inject({ url: '/assets/x-1a2b3c.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
    it('index.html, sw.js and the manifest revalidate', async () => {
      for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
        const res = await gw.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    });
    it('client-side routes get index.html; API, IdP and links paths do not', async () => {
      const home = await gw.app.inject({
        url: '/support/machine/search',
        headers: { accept: 'text/html' },
      });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<div id="root">');
      expect(home.headers['cache-control']).toBe('no-cache');
      const script = await gw.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
      expect(script.statusCode).toBe(404);
      const api = await gw.app.inject({ url: '/api/v1/nothing', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
    });
  });
});

describe('without a build', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lanes[0]!);
  });
  afterAll(async () => {
    await gw?.close();
  });
  it('says how to build the PWA', async () => {
    const res = await gw.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });
});
