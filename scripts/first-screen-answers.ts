// The answer checks of the calls the first screen makes (sign-in settings, session, user,
// remote configuration, the unread cases), made from their declarations in contract/endpoints/:
// each declared answer schema becomes JSON Schema (zod's toJSONSchema, as for the OpenAPI document) and then
// a plain function (@exodus/schemasafe), so the first screen checks these answers without
// loading zod. `npm run contract:checks` writes contract/first-screen-answers.ts and
// contract/sign-in-answers.ts; tests/repo/first-screen-answers.test.ts fails when a file
// differs from what this makes.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validator, type Schema } from '@exodus/schemasafe';
import { format, resolveConfig } from 'prettier';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import type { Endpoint } from '../contract/endpoint';
import * as auth from '../contract/endpoints/auth';
import * as cases from '../contract/endpoints/cases';
import * as config from '../contract/endpoints/config';

const contractFile = (name: string) =>
  fileURLToPath(new URL(`../contract/${name}`, import.meta.url));

interface Checked {
  from: 'auth' | 'cases' | 'config';
  name: string;
  declaration: Endpoint;
}

/**
 * The modules made, each with the declarations it checks (by the module, a type import, that
 * declares them): a check is made of each declared 200 answer; an endpoint without one gets
 * its method and path. The sign-in settings, a new session and the sign-in screen's "who is
 * signed in" are read only while signing in (or renewing), so their checks are a module of
 * their own that a signed-in first screen does not load.
 */
export const MODULES: { file: string; endpoints: Checked[] }[] = [
  {
    file: contractFile('first-screen-answers.ts'),
    endpoints: [
      { from: 'auth', name: 'getSession', declaration: auth.getSession },
      { from: 'auth', name: 'endSession', declaration: auth.endSession },
      { from: 'config', name: 'getRemoteConfig', declaration: config.getRemoteConfig },
      { from: 'cases', name: 'listUnreadCases', declaration: cases.listUnreadCases },
    ],
  },
  {
    file: contractFile('sign-in-answers.ts'),
    endpoints: [
      { from: 'auth', name: 'getAuthConfig', declaration: auth.getAuthConfig },
      { from: 'auth', name: 'createSession', declaration: auth.createSession },
      { from: 'auth', name: 'getMe', declaration: auth.getMe },
    ],
  },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Zod's objects drop keys they do not know rather than refuse them, so an answer from a newer
 * gateway with one more field still reads: the check accepts extra keys too.
 */
function tolerant(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(tolerant);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, tolerant(value)]),
  );
}

function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, target: 'draft-2020-12' });
  return tolerant(rest as Json);
}

const HAS_OWN = 'const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);';

/** The check's source: an expression for a function `(data: unknown) => boolean`. */
function checkSource(name: string, schema: $ZodType): string {
  const output = jsonSchemaOf(schema, 'output');
  // A default or a transform makes the parsed value differ from the answer: only zod can read it.
  if (JSON.stringify(output) !== JSON.stringify(jsonSchemaOf(schema, 'input'))) {
    throw new Error(`${name}: its answer is not the value it parses to; check it with zod`);
  }
  const source = validator(output as Schema, {
    mode: 'default',
    includeErrors: false,
    // The answers come from JSON.parse: no undefined values, no holes, no prototypes.
    isJSON: true,
  }).toModule();
  // Each check repeats the same preamble; the module is strict already and states hasOwn once.
  return source.replace(`'use strict'\n`, '').replace(`${HAS_OWN}\n`, '').replace(/;\s*$/, '');
}

/** One module, formatted as prettier formats the repository. */
export async function answersModule({
  file,
  endpoints,
}: (typeof MODULES)[number]): Promise<string> {
  const froms = [...new Set(endpoints.map((e) => e.from))].sort();
  const answered = endpoints.filter((e) => e.declaration.responses[200]);
  const kinds = [
    ...(answered.length > 0 ? ['CheckedEndpoint'] : []),
    ...(answered.length < endpoints.length ? ['EndpointPath'] : []),
  ];
  const entries = endpoints.map(({ from, name, declaration }) => {
    const schema = declaration.responses[200];
    if (!schema) {
      return [
        `export const ${name}: EndpointPath = {`,
        `  method: '${declaration.method}',`,
        `  path: '${declaration.path}',`,
        `};`,
      ].join('\n');
    }
    return [
      `export const ${name}: CheckedEndpoint<`,
      `  output<(typeof ${from}.${name}.responses)[200]>`,
      `> = {`,
      `  method: '${declaration.method}',`,
      `  path: '${declaration.path}',`,
      `  check: ${checkSource(name, schema)},`,
      `};`,
    ].join('\n');
  });
  const text = [
    '/* eslint-disable */',
    '// @ts-nocheck: the checks are generated JavaScript; what this module exports is typed.',
    '/*',
    ' * Made by `npm run contract:checks` (scripts/first-screen-answers.ts) from the declarations in',
    ' * contract/endpoints/: do not edit. These answers are checked without loading zod.',
    ' */',
    "import type { output } from 'zod/v4/core';",
    `import type { ${kinds.join(', ')} } from './endpoint';`,
    ...froms.map((from) => `import type * as ${from} from './endpoints/${from}';`),
    '',
    HAS_OWN,
    '',
    ...entries,
  ].join('\n');
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const module of MODULES) await writeFile(module.file, await answersModule(module));
}
