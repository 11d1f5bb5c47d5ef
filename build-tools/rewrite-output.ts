import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** What a pass over the written build gets: where it is, what was written, how to fail. */
export interface OutputPass {
  outDir: string;
  bundle: Rollup.OutputBundle;
  error(message: string): never;
}

/**
 * A build plugin that rewrites files once they are written out: after the minifier and Vite's
 * own last passes, which would undo the change, and before vite-plugin-pwa (closeBundle)
 * fingerprints the files for the precache.
 */
export function rewriteOutput(name: string, pass: (output: OutputPass) => void): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'pre',
      handler(_options, bundle) {
        pass({ outDir, bundle, error: (message) => this.error(message) });
      },
    },
  };
}
