// Writes .br and .gz beside every text asset of the build, once, at build time, so the gateway
// serves compressed files (@fastify/static `preCompressed`) without compressing per request.
// A cheap phone on flaky data pays for every byte of the first screen.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const textual = /\.(js|mjs|css|html|json|webmanifest|svg|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (textual.test(name)) yield path;
  }
}

// Maps are built (served only with SERVE_SOURCE_MAPS) but no served file may point at one:
// the build sets sourcemap 'hidden', and a file that still names its map stops the build here.
const MAP_LINK = /[#@]\s*sourceMappingURL=/;

let count = 0;
for (const path of files(root)) {
  const body = readFileSync(path);
  if (MAP_LINK.test(body.toString('latin1'))) {
    console.error(`${path} names a source map (sourceMappingURL); build with sourcemap 'hidden'`);
    process.exit(1);
  }
  if (body.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`precompressed ${count} files in ${root}/`);
