import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './e2e/support/ports';

const unitLane = {
  setupFiles: ['tests/setup-unit.ts'],
  // A busy machine slows a run; behaviour, not the 5 s default, decides a test.
  testTimeout: 60_000,
  // Vitest leaves a core to itself by default (one worker on a two-core machine), but its main
  // process is idle while the files run: every core runs files.
  maxWorkers: availableParallelism(),
};

// Three lanes: `unit-*` (domain rules in node, components in jsdom, both with fake-indexeddb),
// `gateway` (Fastify via app.inject on PGlite, and on PostgreSQL when DATABASE_URL is set) and
// `e2e` (the built PWA in Chromium against the real gateway).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // Rules, the prediction engine, the build and the repository's own checks: no DOM,
          // so no jsdom to set up per file (about a second each on these machines).
          name: 'unit-node',
          environment: 'node',
          include: [
            'tests/domain/**/*.test.ts',
            'tests/engine/**/*.test.ts',
            'tests/build/**/*.test.ts',
            'tests/repo/**/*.test.ts',
          ],
          ...unitLane,
        },
      },
      {
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          ...unitLane,
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
          // Each file boots its own databases (copies of the lane's templates): a file waits on
          // them and on PostgreSQL, so two run at once.
          maxWorkers: 2,
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
          // A poll waits on the browser's own work (a background download, a worker's answer),
          // which takes seconds while the other lanes load the machine: vitest's 1 s default
          // fails a test that a person would see pass a moment later.
          expect: { poll: { timeout: 15_000 } },
          // e2e/run.mjs sets how many files run at once; each worker has its own gateway.
          maxWorkers: e2eWorkers(),
        },
      },
    ],
  },
});
