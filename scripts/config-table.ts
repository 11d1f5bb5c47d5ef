// The README's configuration table, made from the gateway's environment schema: one row per
// variable with its default and description. `npm run docs:config` writes it into README.md
// between the markers; tests/repo/config-table.test.ts fails when the two differ.
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { z } from 'zod';
import { environmentSchema, type ConfigMeta } from '../gateway/config';
import { tableIn, writeTableIn } from './doc-table';

export const START = '<!-- configuration table: made by npm run docs:config -->';
export const END = '<!-- end of configuration table -->';
const README = fileURLToPath(new URL('../README.md', import.meta.url));

function defaultOf(schema: z.ZodType): string {
  const meta = z.globalRegistry.get(schema) as (ConfigMeta & { description?: string }) | undefined;
  if (meta?.readmeDefault) return meta.readmeDefault;
  if (schema instanceof z.ZodDefault) return `\`${String(schema.def.defaultValue)}\``;
  return 'unset';
}

/** The table, formatted as prettier formats the README. */
export async function configTable(): Promise<string> {
  const rows = Object.entries(environmentSchema.shape).map(
    ([name, schema]: [string, z.ZodType]) =>
      `| \`${name}\` | ${defaultOf(schema)} | ${schema.description ?? ''} |`,
  );
  const table = ['| variable | default | what |', '| --- | --- | --- |', ...rows].join('\n');
  return (await format(table, { parser: 'markdown' })).trimEnd();
}

const DOC = { file: README, start: START, end: END };

/** The table as the README has it now, between the markers. */
export const readmeTable = (): Promise<string> => tableIn(DOC);

if (process.argv[1] === fileURLToPath(import.meta.url))
  await writeTableIn(DOC, await configTable());
