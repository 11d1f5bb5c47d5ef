import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'torque-dist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function* files(root: string): Generator<string> {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

describe('the production build', () => {
  // The gateway serves *.map only with SERVE_SOURCE_MAPS; a comment naming one would point
  // browsers and scanners at a file that answers 404, and tells where the sources would be.
  it('writes the source maps but names them in no served file', { timeout: 300_000 }, () => {
    execFileSync(
      'node',
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', dir, '--emptyOutDir'],
      {
        stdio: 'pipe',
      },
    );
    execFileSync('node', ['scripts/precompress.mjs', dir], { stdio: 'pipe' });
    const all = [...files(dir)];
    expect(all.some((f) => f.endsWith('.js.map'))).toBe(true);
    const served = all.filter((f) => !/\.map(\.(br|gz))?$/.test(f));
    expect(served.length).toBeGreaterThan(20);
    const linked = served
      .filter((f) => /[#@]\s*sourceMappingURL=/.test(readFileSync(f).toString('latin1')))
      .map((f) => relative(dir, f));
    expect(linked).toEqual([]);
  });
});
