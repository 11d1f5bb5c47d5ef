import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { rewriteOutput } from './rewrite-output';

/**
 * Classic scripts kept in public/ (they must run before any module, under a fixed URL) are
 * copied to the build as written, comments and all. This minifies the named ones in the build
 * output.
 */
export function minifyPublicScripts(files: readonly string[]): Plugin {
  return rewriteOutput('torque:minify-public-scripts', ({ outDir, error }) => {
    for (const file of files) {
      const path = resolve(outDir, file);
      const result = minifySync(file, readFileSync(path, 'utf8'), {
        compress: { target: 'es2020' },
        mangle: true,
      });
      if (result.errors.length) error(`${file}: ${result.errors[0]?.message}`);
      writeFileSync(path, result.code);
    }
  });
}
