import type { Page } from 'playwright-core';

/** What startWorkerInPage leaves on `window` for the bench's page.evaluate code. */
export interface BenchWindow {
  /** Calls one method of the worker's comlink service and resolves with its answer. */
  benchCall: (method: string, ...args: unknown[]) => Promise<unknown>;
  benchWorker: Worker;
}

/**
 * Starts a built module worker (a comlink service) in the page, as the app would, and lets code
 * run by page.evaluate call it through `window.benchCall`. comlink 4's wire format is spoken by
 * hand: the bench page has no bundler.
 */
export function startWorkerInPage(page: Page, workerUrl: string): Promise<void> {
  return page.evaluate((url) => {
    const worker = new Worker(url, { type: 'module' });
    let nextId = 0;
    const call = (method: string, ...args: unknown[]) =>
      new Promise<unknown>((resolve, reject) => {
        const id = `b${nextId++}`;
        const onMessage = (e: MessageEvent) => {
          if (e.data?.id !== id) return;
          worker.removeEventListener('message', onMessage);
          if (e.data.type === 'HANDLER') reject(new Error(JSON.stringify(e.data.value)));
          else resolve(e.data.value);
        };
        worker.addEventListener('message', onMessage);
        worker.postMessage({
          id,
          type: 'APPLY',
          path: [method],
          argumentList: args.map((value) => ({ type: 'RAW', value })),
        });
      });
    Object.assign(window, { benchCall: call, benchWorker: worker });
  }, workerUrl);
}
