import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { minifyPublicScripts } from '../../build-tools/minify-public-scripts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the plugin's build hooks over a build output holding the public script. */
function buildInto(outDir: string): void {
  const plugin = minifyPublicScripts(['paint-snapshot.js']);
  const configResolved = plugin.configResolved as (c: ResolvedConfig) => void;
  configResolved({ root: '/', build: { outDir } } as ResolvedConfig);
  const writeBundle = plugin.writeBundle as { handler: (this: unknown) => void };
  writeBundle.handler.call({
    error: (message: string) => {
      throw new Error(message);
    },
  });
}

describe('public scripts in the build', () => {
  it('ships paint-snapshot.js minified, without its comments, and still a working script', () => {
    dir = mkdtempSync(join(tmpdir(), 'torque-build-'));
    copyFileSync('public/paint-snapshot.js', join(dir, 'paint-snapshot.js'));
    const source = readFileSync('public/paint-snapshot.js', 'utf8');

    buildInto(dir);

    const built = readFileSync(join(dir, 'paint-snapshot.js'), 'utf8');
    expect(built.length).toBeLessThan(source.length * 0.6);
    expect(built).not.toContain('Safe by construction');
    // Off /home it paints nothing and touches nothing but the location.
    const visited: string[] = [];
    const location = new Proxy(
      { pathname: '/login' },
      { get: (t, k: string) => (visited.push(k), t[k as 'pathname']) },
    );
    expect(() =>
      runInNewContext(built, { location, document: {}, localStorage: {} }),
    ).not.toThrow();
    expect(visited).toContain('pathname');
  });
});
