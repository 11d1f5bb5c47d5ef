// Compiles the gateway for production: ES modules of our own code (gateway/, contract/, engine/),
// packages left to node_modules. Production then starts plain JavaScript, with no TypeScript
// compiler loaded at start and none of its memory kept after. The prediction engine's thread is
// an entry of its own: a worker thread starts from a file.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry a hash: a folder left from an earlier build would keep stale ones.
rmSync('dist-gateway', { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'gateway/main.ts',
    'predictions-worker': 'gateway/services/predictions-worker.ts',
  },
  outdir: 'dist-gateway',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The demo seed is imported only where demo data is asked for: a chunk of its own, never
  // loaded by a production start without it.
  splitting: true,
  target: 'node24',
  packages: 'external',
  // Stack traces name the TypeScript lines; the map stays beside the bundle, never served.
  sourcemap: 'linked',
  logLevel: 'warning',
});
