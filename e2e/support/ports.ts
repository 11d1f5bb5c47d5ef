/*
 * The e2e lane runs its files on several workers at once, each with a gateway of its own (one
 * database per worker, so no file sees another worker's writes). Every port a file listens on
 * is its worker's: the base port (settable, for running beside another lane) plus a block per
 * worker.
 */
const BASE = {
  /** The worker's shared gateway, started by global-setup.ts. */
  gateway: ['E2E_PORT', 8181],
  /** A gateway serving a copy of the build, to publish a new version. */
  update: ['E2E_UPDATE_PORT', 8183],
  /** A gateway that is stopped and started again. */
  replay: ['E2E_REPLAY_PORT', 8191],
  /** A gateway that trusts the local push service. */
  push: ['E2E_PUSH_PORT', 8193],
} as const;

const BLOCK = 100;

/**
 * How many files run at once (e2e/run.mjs decides), hence how many shared gateways: the one
 * reading of E2E_WORKERS, for Vitest's pool and for global setup alike.
 */
export function e2eWorkers(): number {
  return Math.max(1, Math.trunc(Number(process.env.E2E_WORKERS)) || 1);
}

/** `worker` counts from 1, as Vitest's VITEST_POOL_ID does. */
export function portFor(use: keyof typeof BASE, worker = currentWorker()): number {
  const [name, fallback] = BASE[use];
  return Number(process.env[name] ?? fallback) + (worker - 1) * BLOCK;
}

/** The worker this test file runs on (1 outside Vitest's workers, as in global setup). */
export function currentWorker(): number {
  return Number(process.env.VITEST_POOL_ID ?? 1);
}
