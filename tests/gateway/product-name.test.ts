import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfigSchema } from '../../contract/config';
import { lanes, openGateway, type TestGateway } from './harness';

/** The manifest vite-plugin-pwa writes, as far as the name is concerned. */
const BUILT_MANIFEST = {
  name: 'Torque',
  short_name: 'Torque',
  description: 'Service support for dealers, technicians and staff.',
  start_url: '/home',
};

describe.each(lanes)('PRODUCT_NAME on $name', (lane) => {
  let gw: TestGateway;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'torque-dist-'));
    // The real page source: its title, description, application-name and loading shell.
    copyFileSync('index.html', join(staticDir, 'index.html'));
    writeFileSync(join(staticDir, 'manifest.webmanifest'), JSON.stringify(BUILT_MANIFEST));
    gw = await openGateway(lane, {
      STATIC_DIR: staticDir,
      PRODUCT_NAME: 'Acme',
      DEMO_DATA: 'none',
    });
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('names the page title, the loading shell and the application in index.html', async () => {
    for (const [url, accept] of [
      ['/', '*/*'],
      ['/index.html', '*/*'],
      ['/home', 'text/html'],
    ] as const) {
      const res = await gw.app.inject({ url, headers: { accept } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Acme</title>');
      expect(res.body, url).toContain('<meta name="application-name" content="Acme" />');
      expect(res.body, url).toContain('<span class="boot-title">Acme</span>');
      expect(res.body, url).toContain('<noscript>Acme needs JavaScript to run.</noscript>');
      expect(res.body, url).not.toMatch(/\bTorque\b/);
    }
  });

  it('leaves the inline script as built (its hash is what the CSP allows)', async () => {
    const script = (html: string) => /<script>[\s\S]*?<\/script>/.exec(html)?.[0];
    const source = readFileSync('index.html', 'utf8');
    const res = await gw.app.inject({ url: '/' });
    expect(script(res.body)).toBeDefined();
    expect(script(res.body)).toBe(script(source));
  });

  it('names the installed app in the web manifest', async () => {
    const res = await gw.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.json()).toEqual({ ...BUILT_MANIFEST, name: 'Acme', short_name: 'Acme' });
  });

  it('gives the screens the same name through the remote config', async () => {
    const res = await gw.app.inject({ url: '/api/v1/config' });
    expect(remoteConfigSchema.parse(res.json()).productName).toBe('Acme');
  });
});
