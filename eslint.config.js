import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// docs/architecture.md "Layers and import rules", enforced: one-way imports between the layers.
const zones = [
  // contract/ imports only zod.
  {
    target: './contract',
    from: ['./src', './sw', './gateway', './engine', './tests', './e2e', './bench'],
  },
  // engine/ (the prediction engine, pure) imports only contract/, and only its types.
  { target: './engine', from: ['./src', './sw', './gateway', './tests', './e2e', './bench'] },
  // domain/ imports only contract/.
  {
    target: './src/domain',
    from: './src',
    except: ['./domain'],
    message: 'src/domain imports only contract/',
  },
  { target: './src/domain', from: ['./sw', './gateway'] },
  // The gateway and the PWA never import each other.
  { target: './gateway', from: ['./src', './sw'] },
  { target: ['./src', './sw'], from: './gateway' },
  // Nothing imports sw/.
  { target: ['./src', './gateway', './tests'], from: './sw' },
  // sw/ may import db/, sync/ and api/ (and domain/ + contract/ they stand on).
  {
    target: './sw',
    from: './src',
    except: ['./db', './sync', './api', './domain'],
    message: 'sw/ may import only src/db, src/sync, src/api and src/domain',
  },
  // Lower layers never import features or the app shell.
  {
    target: ['./src/db', './src/sync', './src/api', './src/components', './src/workers'],
    from: ['./src/features', './src/app'],
  },
];

// The gateway's layers (docs/architecture.md "Gateway layers"): routes → services → db; http/
// and auth/ cross-cutting; reference/ (the model catalogue, the record types) beneath them all;
// the demo seed an entry of its own that only the start-up imports, through seed/seed.ts.
const gatewayRoots = ['./gateway/app.ts', './gateway/start.ts', './gateway/main.ts'];
zones.push(
  {
    target: './gateway/reference',
    from: './gateway',
    except: ['./reference'],
    message: 'gateway/reference is plain data: it imports nothing of the gateway',
  },
  {
    target: './gateway/db',
    from: './gateway',
    except: ['./db', './reference', './config.ts'],
    message: 'gateway/db is the bottom layer: it imports only db/, reference/ and config',
  },
  {
    target: './gateway/services',
    from: [
      './gateway/routes',
      './gateway/idp',
      './gateway/html',
      './gateway/seed',
      './gateway/context.ts',
      ...gatewayRoots,
    ],
    message: 'gateway/services sits under routes: it imports db/, reference/, http/ and auth/',
  },
  {
    target: './gateway/http',
    from: [
      './gateway/routes',
      './gateway/services',
      './gateway/db',
      './gateway/idp',
      './gateway/seed',
      './gateway/context.ts',
      ...gatewayRoots,
    ],
    message: 'gateway/http is cross-cutting plumbing: no routes, services, db or seed',
  },
  {
    target: './gateway/auth',
    from: ['./gateway/routes', './gateway/idp', './gateway/seed', ...gatewayRoots],
    message: 'gateway/auth is cross-cutting: it may read through services, never a route',
  },
  {
    target: './gateway/routes',
    from: ['./gateway/db', './gateway/seed', './gateway/idp', ...gatewayRoots],
    message: 'gateway/routes call services: never the db or the seed directly',
  },
  {
    target: [
      './gateway/routes',
      './gateway/services',
      './gateway/db',
      './gateway/http',
      './gateway/auth',
      './gateway/idp',
      './gateway/html',
      './gateway/reference',
      './gateway/app.ts',
      './gateway/context.ts',
      './gateway/config.ts',
    ],
    from: './gateway/seed',
    message: 'The demo seed is an entry of its own: only the start-up imports it',
  },
  {
    target: ['./gateway/start.ts', './gateway/main.ts'],
    from: './gateway/seed',
    except: ['./seed.ts'],
    message: 'The start-up imports the demo seed through its entry, gateway/seed/seed.ts',
  },
);

// Every folder under src/features is a feature: a new one is held to the rule without being listed.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A feature never imports another feature.
for (const f of features) {
  zones.push({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message:
      'A feature never imports another feature: move shared UI to components/, rules to domain/',
  });
}

export default tseslint.config(
  { ignores: ['dist', 'dist-gateway', 'node_modules', 'data', '.tmp', 'dev-dist', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // import-x parses a dependency only when told which parser reads its extension: without
      // these, no-cycle never followed a TypeScript import and reported no cycle anywhere.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', 'tsconfig.sw.json', 'tsconfig.node.json'],
        },
      },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // No fetch outside api/ and sw/ (docs/architecture.md).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the gateway through src/api/' },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mantine/core/styles/*', '@mantine/core/styles.css'],
              message:
                "The build imports each Mantine component's stylesheet where it is used (build-tools/mantine-component-styles.ts)",
            },
            {
              // The barrel runs every area's schema definitions: a screen that imports a value
              // through it ships all of them (the login screen did).
              regex: '(^|/)contract$',
              allowTypeImports: true,
              message: 'Import values from the contract file of their area, e.g. contract/auth',
            },
          ],
        },
      ],
    },
  },
  // Type-aware: a promise nobody awaits loses its error, and one passed where a void callback
  // is expected (an event handler) is never awaited. Each file is checked by the tsconfig that
  // compiles it.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'gateway/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['tsconfig.json', 'tsconfig.sw.json', 'tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // domain/ is pure rules and contract/ the shared schemas: neither imports a package (zod
  // excepted in contract/), so both stay portable and cheap to test.
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.)',
              message:
                'src/domain imports no packages: put code that needs one in the feature or components/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|zod$|zod/)',
              message: 'contract/ imports only zod',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/api/**',
      'sw/**',
      'gateway/**',
      'tests/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '*.config.*',
    ],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
