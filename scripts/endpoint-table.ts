// docs/gateway.md's table of every /api/v1 endpoint, made from the declarations in
// contract/endpoints/ (the ones the handlers are registered against and the OpenAPI document is
// made of). `npm run docs:endpoints` writes it between the markers;
// tests/repo/endpoint-table.test.ts fails when the two differ.
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { allEndpoints } from '../contract/endpoints/index';
import { openApiPath } from '../gateway/http/openapi';
import { tableIn, writeTableIn } from './doc-table';

const DOC = {
  file: fileURLToPath(new URL('../docs/gateway.md', import.meta.url)),
  start: '<!-- endpoint table: made by npm run docs:endpoints -->',
  end: '<!-- end of endpoint table -->',
};

/** The table, formatted as prettier formats the docs. */
export async function endpointTable(): Promise<string> {
  // By path: the order of a module's exports differs between loaders.
  const key = (e: { endpoint: { path: string; method: string } }) =>
    `${e.endpoint.path} ${e.endpoint.method}`;
  const byPath = [...allEndpoints].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  const rows = byPath.map(({ name, endpoint: e }) => {
    const what = `${e.summary.replaceAll('|', '\\|')}${e.idempotent ? ' (Idempotency-Key)' : ''}`;
    return `| \`${e.method} ${openApiPath(e.path)}\` | \`${name}\` | ${e.access} | ${e.scope} | ${what} |`;
  });
  const table = [
    '| method and path | operationId | who | records | what |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  return (await format(table, { parser: 'markdown' })).trimEnd();
}

/** The table as docs/gateway.md has it now. */
export const documentedTable = (): Promise<string> => tableIn(DOC);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeTableIn(DOC, await endpointTable());
}
