import type { TestProject } from 'vitest/node';
import { startGateway, type RunningGateway } from './support/gateway';
import { e2eWorkers, portFor } from './support/ports';

let gateways: RunningGateway[] = [];

// One real gateway on a fresh embedded database per worker, for the whole e2e lane; the built
// PWA in dist/ is what they serve (e2e/run.mjs builds it first).
export async function setup(project: TestProject) {
  const workers = Array.from({ length: e2eWorkers() }, (_, i) => i + 1);
  const started = await Promise.allSettled(workers.map((w) => startGateway(portFor('gateway', w))));
  gateways = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    gateways.map((g) => g.url),
  );
}

export async function teardown() {
  await Promise.all(gateways.map((g) => g.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared gateway of each worker, in worker order. */
    baseUrls: string[];
  }
}
