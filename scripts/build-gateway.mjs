// Compiles the gateway for production: ES modules of our own code (gateway/, contract/, engine/),
// packages left to node_modules. Production then starts plain JavaScript, with no TypeScript
// compiler loaded at start and none of its memory kept after. The prediction engine's thread is
// an entry of its own: a worker thread starts from a file.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'gateway/main.ts',
    'predictions-worker': 'gateway/services/predictions-worker.ts',
  },
  outdir: 'dist-gateway',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces name the TypeScript lines; the map stays beside the bundle, never served.
  sourcemap: 'linked',
  logLevel: 'warning',
});
