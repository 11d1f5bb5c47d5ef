import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The lane's own production build (e2e/run.mjs builds dist/ before the tests).
const dist = 'dist';

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
  it('writes the source maps but names them in no served file', () => {
    const all = [...files(dist)];
    expect(all.some((f) => f.endsWith('.js.map'))).toBe(true);
    const served = all.filter((f) => !/\.map(\.(br|gz))?$/.test(f));
    expect(served.length).toBeGreaterThan(20);
    const linked = served
      .filter((f) => /[#@]\s*sourceMappingURL=/.test(readFileSync(f).toString('latin1')))
      .map((f) => relative(dist, f));
    expect(linked).toEqual([]);
  });
});
