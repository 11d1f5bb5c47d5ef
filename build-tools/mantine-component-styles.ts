// Mantine ships one stylesheet per component, and a component needs the sheets of every
// component it renders inside (a Modal renders a CloseButton). Importing them by hand is a
// mistake waiting to happen: a screen looks right only after another screen has loaded the
// missing sheet. This plugin derives them instead: for each source module's named imports
// from '@mantine/core' it follows Mantine's own ESM imports to every `*.module.mjs` (the
// class names of one stylesheet) they reach, and prepends `import '@mantine/core/styles/X.css'`
// for each. The sheets so land in the chunk of the module that renders the component, so the
// first screen still pays only for its own.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const resolveFrom = createRequire(import.meta.url);
const coreRoot = dirname(dirname(resolveFrom.resolve('@mantine/core')));
const esmRoot = join(coreRoot, 'esm');

const RELATIVE_IMPORT =
  /(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](\.{1,2}\/[^"']+)["']/g;
const CORE_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
const PACKAGE_IMPORT = /import\s+(type\s+)?\{[^}]*\}\s*from\s*['"]@mantine\/([\w-]+)['"]/g;
const CORE_IMPORT_IN_BUILD = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;

let exportFiles: Map<string, string> | undefined;

/** Which file of Mantine's ESM build defines each name '@mantine/core' exports. */
function exportsOfCore(): Map<string, string> {
  if (exportFiles) return exportFiles;
  exportFiles = new Map();
  const index = readFileSync(join(esmRoot, 'index.mjs'), 'utf8');
  for (const [, names = '', from = ''] of index.matchAll(NAMED_IMPORT)) {
    for (const spec of names.split(',')) {
      const [original, local = original] = spec.trim().split(/\s+as\s+/);
      if (local) exportFiles.set(local.trim(), resolve(esmRoot, from));
    }
  }
  return exportFiles;
}

const sheetsOfFile = new Map<string, readonly string[]>();

/** The stylesheets a file of Mantine's build needs, dependencies before dependants. */
function sheetsOf(file: string, visiting = new Set<string>()): readonly string[] {
  const known = sheetsOfFile.get(file);
  if (known) return known;
  if (visiting.has(file)) return [];
  visiting.add(file);
  const sheets = new Set<string>();
  for (const [, rel = ''] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
    for (const sheet of sheetsOf(resolve(dirname(file), rel), visiting)) sheets.add(sheet);
  }
  const own = /([\w-]+)\.module\.mjs$/.exec(file)?.[1];
  if (own && existsSync(join(coreRoot, 'styles', `${own}.css`))) sheets.add(own);
  const result = [...sheets];
  sheetsOfFile.set(file, result);
  return result;
}

/** The stylesheets the named exports of '@mantine/core' need, dependencies first. */
export function mantineSheetsFor(names: Iterable<string>): string[] {
  const sheets = new Set<string>();
  for (const name of names) {
    const file = exportsOfCore().get(name);
    if (!file) throw new Error(`'@mantine/core' has no export named ${name}`);
    for (const sheet of sheetsOf(file)) sheets.add(sheet);
  }
  return [...sheets];
}

const coreNamesOfPackage = new Map<string, readonly string[]>();

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? moduleFiles(join(dir, e.name))
      : e.name.endsWith('.mjs')
        ? [join(dir, e.name)]
        : [],
  );
}

/**
 * The '@mantine/core' names another Mantine package renders with (@mantine/notifications
 * shows each toast as core's Notification): their sheets are core's, so they are the
 * importer's to load.
 */
function coreNamesRenderedBy(pkg: string): readonly string[] {
  const known = coreNamesOfPackage.get(pkg);
  if (known) return known;
  const esm = join(dirname(dirname(resolveFrom.resolve(`@mantine/${pkg}`))), 'esm');
  const names = new Set<string>();
  for (const file of existsSync(esm) ? moduleFiles(esm) : []) {
    for (const [, specs = ''] of readFileSync(file, 'utf8').matchAll(CORE_IMPORT_IN_BUILD)) {
      for (const spec of specs.split(',')) {
        const name = spec
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        // Names core only passes on from elsewhere (RemoveScroll) carry no sheet of its own.
        if (name && exportsOfCore().has(name)) names.add(name);
      }
    }
  }
  const result = [...names];
  coreNamesOfPackage.set(pkg, result);
  return result;
}

/**
 * The value (not type-only) names a module imports from '@mantine/core', and those the other
 * Mantine packages it imports from render with.
 */
export function mantineImportsOf(code: string): string[] {
  const names: string[] = [];
  for (const [, typeOnly, pkg = ''] of code.matchAll(PACKAGE_IMPORT)) {
    if (!typeOnly && pkg !== 'core') names.push(...coreNamesRenderedBy(pkg));
  }
  for (const [, typeOnly, specs = ''] of code.matchAll(CORE_IMPORT)) {
    if (typeOnly) continue;
    for (const spec of specs.split(',')) {
      const trimmed = spec.trim();
      if (!trimmed || trimmed.startsWith('type ')) continue;
      names.push(trimmed.split(/\s+as\s+/)[0]?.trim() ?? trimmed);
    }
  }
  return names;
}

export function mantineComponentStyles(): Plugin {
  return {
    name: 'mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      const names = mantineImportsOf(code);
      if (names.length === 0) return null;
      const imports = mantineSheetsFor(names)
        .map((sheet) => `import '@mantine/core/styles/${sheet}.css';`)
        .join('');
      // One line, so the source map's line numbers stay those of the source.
      return imports ? { code: imports + code, map: null } : null;
    },
  };
}
