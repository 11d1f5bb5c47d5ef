// Compiles the gateway for production: one ES module of our own code (gateway/, contract/,
// engine/), packages left to node_modules. Production then starts plain JavaScript, with no
// TypeScript compiler loaded at start and none of its memory kept after.
import { build } from 'esbuild';

await build({
  entryPoints: ['gateway/main.ts'],
  outfile: 'dist-gateway/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces name the TypeScript lines; the map stays beside the bundle, never served.
  sourcemap: 'linked',
  logLevel: 'warning',
});
