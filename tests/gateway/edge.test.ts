import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { CROSS_SITE_MESSAGE } from '../../gateway/http/edge';
import { UNSTORABLE_TEXT_MESSAGE } from '../../gateway/http/errors';
import { API_CSP, PHOTO_WORKER_CSP } from '../../gateway/http/security-headers';
import { lanes, openGateway, PUBLIC_URL, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const INLINE_SCRIPT = "document.documentElement.dataset.x = '1';";
const INDEX_HTML = `<!doctype html><title>Torque</title><script>${INLINE_SCRIPT}</script><script src="/a.js"></script>`;

/** Checks every request passes at the edge, whatever route it is for (gateway/http/edge.ts). */
describe.each(lanes)('the edge of the gateway on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'torque-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(staticDir, 'sw.js.map'), '{"version":3}');
    writeFileSync(join(staticDir, 'assets', 'x-1a2b3c.js'), 'console.log(1);');
    writeFileSync(join(staticDir, 'assets', 'x-1a2b3c.js.map'), '{"version":3}');
    writeFileSync(join(staticDir, 'assets', 'photo-prepare.worker-Ab1_c-2.js'), 'self.x = 1;');
    gw = await openGateway(lane, { STATIC_DIR: staticDir });
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const refusedAsUnstorable = (res: { statusCode: number; json(): unknown }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message, what).toBe(UNSTORABLE_TEXT_MESSAGE);
  };

  describe('text that cannot be stored is a 400 on every route', () => {
    const pairing = {
      imeiNumber: '358000000000001',
      serialNumber: '41877',
      modelNumber: 'M5-111',
      pin: '',
      dcuPartNumber: 'DCU-4G-200',
      usageHours: '10',
    };
    const post = (url: string, payload: string) =>
      gw.app.inject({
        method: 'POST',
        url,
        headers: { cookie: dana, 'content-type': 'application/json' },
        payload,
      });

    it('a lone surrogate or a NUL in a JSON body, at any depth, in keys too', async () => {
      const bodies: [string, string][] = [
        ['lone high surrogate', JSON.stringify({ ...pairing, dcuPartNumber: '\ud800' })],
        ['lone low surrogate', JSON.stringify({ ...pairing, dcuPartNumber: 'x\udc00' })],
        // As the probe sent it: the JSON escape, which JSON.parse turns into a lone surrogate.
        ['escaped surrogate', JSON.stringify(pairing).replace('DCU-4G-200', '\\ud800')],
        ['NUL', JSON.stringify({ ...pairing, serialNumber: '41877\u0000' })],
        ['nested', JSON.stringify({ ...pairing, extra: [{ a: [['\ud800']] }] })],
        ['key', JSON.stringify({ ...pairing, ['k\u0000']: 1 })],
      ];
      for (const [what, payload] of bodies) {
        refusedAsUnstorable(await post('/api/v1/dcu/pairings', payload), what);
      }
      // Deep JSON does not overflow the check.
      const deep = `{"a":${'['.repeat(50_000)}"\\ud800"${']'.repeat(50_000)}}`;
      const res = await post('/api/v1/dcu/pairings', deep);
      expect(res.statusCode).toBe(400);
      // Paired surrogates (an emoji) are fine text: the route's own rules answer.
      const emoji = await post(
        '/api/v1/dcu/pairings',
        JSON.stringify({ ...pairing, dcuPartNumber: '😀' }),
      );
      expect(emoji.statusCode).not.toBe(400);
      expect(emoji.statusCode).toBeLessThan(500);
    });

    it('in the query string and the path', async () => {
      const get = (url: string) => gw.app.inject({ url, headers: { cookie: dana } });
      refusedAsUnstorable(await get('/api/v1/knowledge/search?q=pump%00'), 'query NUL');
      refusedAsUnstorable(await get('/api/v1/machines/lookup?serial=1%00'), 'query NUL 2');
      refusedAsUnstorable(await get('/api/v1/dcu/35800000000000%00'), 'path NUL');
    });

    it('after the access check: without a session it is still 401', async () => {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/v1/dcu/pairings',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...pairing, dcuPartNumber: '\ud800' }),
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('state-changing requests from another site are a 403', () => {
    const logout = (headers: Record<string, string>) =>
      gw.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });

    it('a foreign Origin or Sec-Fetch-Site cross-site / same-site', async () => {
      for (const headers of <Record<string, string>[]>[
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: `${PUBLIC_URL}.evil.example` },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        const res = await logout({ cookie: dana, ...headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(apiErrorSchema.parse(res.json()).message).toBe(CROSS_SITE_MESSAGE);
      }
      // The session survived every attempt.
      const me = await gw.app.inject({ url: '/api/v1/auth/session', headers: { cookie: dana } });
      expect(me.statusCode).toBe(200);
    });

    it('reads are not affected; our own origin, same-origin and no header at all pass', async () => {
      const read = await gw.app.inject({
        url: '/api/v1/config',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(read.statusCode).toBe(200);
      for (const headers of <Record<string, string>[]>[
        { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        {},
      ]) {
        const res = await logout(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(204);
      }
    });
  });

  describe('security headers on every response', () => {
    const scriptSrc = (csp: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src '));

    it('API answers, the app, its fallback routes and the IdP pages', async () => {
      const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
      for (const [url, accept] of [
        ['/api/v1/config', 'application/json'],
        ['/api/v1/no-such-thing', 'application/json'],
        ['/', 'text/html'],
        ['/home', 'text/html'],
        ['/oidc/.well-known/openid-configuration', 'application/json'],
        ['/links/privacy-policy', 'text/html'],
        ['/assets/x-1a2b3c.js', '*/*'],
      ] as const) {
        const res = await gw.app.inject({ url, headers: { accept } });
        expect(res.statusCode, url).toBeLessThan(500);
        const csp = String(res.headers['content-security-policy']);
        if (url.startsWith('/api/')) {
          // Data, never a page: the strictest policy, and short.
          expect(csp, url).toBe(API_CSP);
          expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
          expect(res.headers['x-content-type-options'], url).toBe('nosniff');
          continue;
        }
        expect(csp, url).toContain("frame-ancestors 'self'");
        expect(csp, url).toContain("object-src 'none'");
        expect(scriptSrc(csp), url).toBe(`script-src 'self' ${hash}`);
        expect(csp, url).not.toContain('unsafe-eval');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        expect(res.headers['permissions-policy'], url).toContain('camera=(self)');
        expect(res.headers['permissions-policy'], url).toContain('microphone=(self)');
        expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
      }
    });
  });

  describe('the built app', () => {
    it('serves the photo worker alone with a policy that allows eval and nothing else', async () => {
      const res = await gw.app.inject({ url: '/assets/photo-prepare.worker-Ab1_c-2.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe(PHOTO_WORKER_CSP);
      expect(PHOTO_WORKER_CSP).toBe(
        "default-src 'none'; script-src 'self' 'unsafe-eval'; worker-src blob:",
      );
    });

    it('serves no source maps unless SERVE_SOURCE_MAPS says so', async () => {
      for (const url of ['/sw.js.map', '/assets/x-1a2b3c.js.map']) {
        const res = await gw.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('"version"');
      }
      expect((await gw.app.inject({ url: '/assets/x-1a2b3c.js' })).statusCode).toBe(200);
    });
  });
});
