import type { TestProject } from 'vitest/node';
import { startGateway, type RunningGateway } from './support/gateway';

let gateway: RunningGateway | undefined;

// One real gateway on a fresh embedded database for the whole e2e lane; the built PWA in dist/
// is what it serves (e2e/run.mjs builds it first).
export async function setup(project: TestProject) {
  const port = Number(process.env.E2E_PORT ?? 8181);
  gateway = await startGateway(port);
  project.provide('baseUrl', gateway.url);
}

export async function teardown() {
  await gateway?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
