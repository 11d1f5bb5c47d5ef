import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two lanes: `unit` (domain rules and components, jsdom + fake-indexeddb) and `gateway`
// (Fastify via app.inject on PGlite, and on PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'tests/domain/**/*.test.ts',
            'tests/engine/**/*.test.ts',
            'tests/build/**/*.test.ts',
            'tests/components/**/*.test.{ts,tsx}',
            'tests/repo/**/*.test.ts',
          ],
          setupFiles: ['tests/setup-unit.ts'],
          // A busy machine slows a run; behaviour, not the 5 s default, decides a test.
          testTimeout: 60_000,
          // Vitest leaves a core to itself by default (one worker on a two-core machine), but
          // its main process is idle while jsdom files run: every core runs files.
          maxWorkers: availableParallelism(),
        },
      },
      {
        test: {
          name: 'gateway',
          environment: 'node',
          include: ['tests/gateway/**/*.test.ts'],
          globalSetup: ['tests/gateway/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file boots its own databases; two cores cannot run many PGlite instances at once.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // e2e/run.mjs sets how many files run at once; each worker has its own gateway.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
        },
      },
    ],
  },
});
