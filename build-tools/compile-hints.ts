import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { rewriteOutput } from './rewrite-output';

/** V8's per-file compile hint (Chrome 136+); other engines read it as a comment. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks a first screen runs as wholly needed at load. V8 compiles a function the
 * first time it is called, on the main thread, so booting the app compiled most of these
 * chunks there, in its longest tasks: our module scripts come from the service worker's
 * cache, for which Chromium keeps no code cache. With the hint V8 compiles each whole file
 * on its background streaming thread while it arrives.
 *
 * Written into the files once they are out (the minifier would drop the comment); the source
 * map moves down the added line.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return rewriteOutput('torque:compile-hints', ({ outDir, bundle }) => {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !(chunk.isEntry || chunkNames.includes(chunk.name))) continue;
      const path = resolve(outDir, chunk.fileName);
      writeFileSync(path, `${COMPILE_HINT}\n${readFileSync(path, 'utf8')}`);
      if (bundle[`${chunk.fileName}.map`]) {
        const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { mappings: string };
        map.mappings = `;${map.mappings}`;
        writeFileSync(`${path}.map`, JSON.stringify(map));
      }
    }
  });
}
