import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';

type Bundle = Record<string, unknown>;
import { COMPILE_HINT, compileHints } from '../../build-tools/compile-hints';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const chunk = (fileName: string, name: string, isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  name,
  isEntry,
});

describe('compile hints in the build', () => {
  it('marks the entry and the named chunks, and moves their source maps down a line', () => {
    dir = mkdtempSync(join(tmpdir(), 'torque-build-'));
    const files = ['index-a.js', 'signed-in-b.js', 'wizard-c.js'];
    for (const file of files) {
      writeFileSync(join(dir, file), `export const ${file.split('-')[0]!.replace('-', '')} = 1;\n`);
      writeFileSync(join(dir, `${file}.map`), JSON.stringify({ version: 3, mappings: 'AAAA' }));
    }
    const bundle = {
      'index-a.js': chunk('index-a.js', 'index', true),
      'index-a.js.map': { type: 'asset' },
      'signed-in-b.js': chunk('signed-in-b.js', 'signed-in'),
      'signed-in-b.js.map': { type: 'asset' },
      'wizard-c.js': chunk('wizard-c.js', 'wizard'),
      'wizard-c.js.map': { type: 'asset' },
    } satisfies Bundle;

    const plugin = compileHints(['signed-in']);
    (plugin.configResolved as (c: ResolvedConfig) => void)({
      root: '/',
      build: { outDir: dir },
    } as ResolvedConfig);
    (plugin.writeBundle as unknown as { handler: (o: unknown, b: Bundle) => void }).handler(
      {},
      bundle,
    );

    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    const mappings = (file: string) =>
      (JSON.parse(read(`${file}.map`)) as { mappings: string }).mappings;
    expect(read('index-a.js').split('\n')[0]).toBe(COMPILE_HINT);
    expect(read('signed-in-b.js').startsWith(`${COMPILE_HINT}\nexport const signed`)).toBe(true);
    expect(mappings('signed-in-b.js')).toBe(';AAAA');
    // A screen loaded later keeps V8's default: compile each function when first called.
    expect(read('wizard-c.js')).not.toContain(COMPILE_HINT);
    expect(mappings('wizard-c.js')).toBe('AAAA');
  });
});
