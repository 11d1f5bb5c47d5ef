import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startGateway, type RunningGateway } from './support/gateway';
import { e2eWorkers, portFor } from './support/ports';

let gateways: RunningGateway[] = [];
let template: string | undefined;

/*
 * One real gateway per worker, for the whole e2e lane, each on an embedded database of its own;
 * the built PWA in dist/ is what they serve (e2e/run.mjs builds it first). The database is
 * created, migrated and seeded once, by a first start as a fresh install's, and every gateway
 * starts on a copy of it, the workers' and those a test starts itself.
 */
export async function setup(project: TestProject) {
  template = mkdtempSync(join(tmpdir(), 'torque-e2e-template-'));
  const first = await startGateway(portFor('gateway', 1), { DATA_DIR: template });
  await first.stop();
  const workers = Array.from({ length: e2eWorkers() }, (_, i) => i + 1);
  const started = await Promise.allSettled(
    workers.map((w) => startGateway(portFor('gateway', w), {}, 'build', template)),
  );
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
  project.provide('dataTemplate', template);
}

export async function teardown() {
  await Promise.all(gateways.map((g) => g.stop()));
  if (template) rmSync(template, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared gateway of each worker, in worker order. */
    baseUrls: string[];
    /** A seeded database's data directory, to copy. */
    dataTemplate: string;
  }
}
