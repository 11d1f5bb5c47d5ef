// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The repository's own lint configuration, run over planted files: a cycle and imports against
 * the gateway's layers must be reported, so the rules cannot quietly stop firing (import-x once
 * read no TypeScript file at all and found no cycle anywhere). The planted text is linted as if
 * it stood at the path given; the files it imports are the real ones on disk. The type-aware
 * rules are left out: they have nothing to say here and would build the whole program.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { project: null } },
  },
});

async function lint(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('gateway layers, enforced by lint', () => {
  it('reports a planted cycle: knowledge-machine imports knowledge-config, which imports it back', async () => {
    const messages = await lint(
      'gateway/services/knowledge-config.ts',
      "import { familyOf } from './knowledge-machine';\nexport const planted = familyOf;\n",
    );
    expect(messages).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/));
  });

  it('reports no cycle for the same file without the planted import', async () => {
    const messages = await lint(
      'gateway/services/knowledge-config.ts',
      "import { MODEL_FAMILIES } from '../reference/models';\nexport const kept = MODEL_FAMILIES;\n",
    );
    expect(messages).toEqual([]);
  });

  it.each([
    ['a service importing a route', 'gateway/services/planted.ts', '../routes/cases'],
    ['a service importing the demo seed', 'gateway/services/planted.ts', '../seed/fixed'],
    ['the db importing a service', 'gateway/db/planted.ts', '../services/users'],
    ['a route importing the db', 'gateway/routes/planted.ts', '../db/connect'],
    ['http importing a service', 'gateway/http/planted.ts', '../services/users'],
    ['reference data importing the db', 'gateway/reference/planted.ts', '../db/schema'],
    ['the start-up importing a seed file past its entry', 'gateway/start.ts', './seed/fixed'],
  ])('reports %s', async (_what, path, target) => {
    const messages = await lint(
      path,
      `import * as planted from '${target}';\nexport { planted };\n`,
    );
    expect(messages).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: /));
  });

  it('lets the start-up import the seed through its entry', async () => {
    const messages = await lint(
      'gateway/start.ts',
      "import { seedDemoData } from './seed/seed';\nexport const planted = seedDemoData;\n",
    );
    expect(messages).toEqual([]);
  });
});
