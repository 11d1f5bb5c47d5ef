import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minifySync, type Plugin } from 'vite';

/**
 * Classic scripts kept in public/ (they must run before any module, under a fixed URL) are
 * copied to the build as written, comments and all. This minifies the named ones in the build
 * output, before vite-plugin-pwa (closeBundle) fingerprints them for the precache.
 */
export function minifyPublicScripts(files: readonly string[]): Plugin {
  let outDir = 'dist';
  return {
    name: 'torque:minify-public-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'pre',
      handler() {
        for (const file of files) {
          const path = resolve(outDir, file);
          const result = minifySync(file, readFileSync(path, 'utf8'), {
            compress: { target: 'es2020' },
            mangle: true,
          });
          if (result.errors.length) this.error(`${file}: ${result.errors[0]?.message}`);
          writeFileSync(path, result.code);
        }
      },
    },
  };
}
