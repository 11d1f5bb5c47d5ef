import type { Remote } from 'comlink';

/**
 * The page's handle on a comlink service that runs in a module worker: started on first use,
 * let go when idle, and run in the page instead where there are no workers (tests, old
 * browsers) or the worker cannot start (offline before its file was cached). comlink is
 * imported with the first call, so it stays out of the screens that never make one.
 */

export interface WorkerHandleOptions<T> {
  /**
   * Starts the worker. The caller writes `new Worker(new URL('./x.worker.ts', import.meta.url),
   * { type: 'module' })` itself: the bundler finds worker files by that expression.
   */
  start: () => Worker;
  /** The same service in the page. */
  inPage: () => Promise<T>;
  /** An unused worker is terminated after this long: what it holds in memory goes with it. */
  idleMs: number;
}

export type Service<T> = T | Remote<T>;

export interface WorkerHandle<T> {
  /** The service: the worker's proxy, or the in-page one. */
  service(): Promise<Service<T>>;
  /** One call to the service; the idle timer starts again once it is over. */
  run<R>(call: (service: Service<T>) => Promise<R>): Promise<R>;
  /** Gives up on the worker (it stayed silent too long): this and later calls run in the page. */
  fallBackToPage(): Promise<T>;
}

export function createWorkerHandle<T>(options: WorkerHandleOptions<T>): WorkerHandle<T> {
  let api: Promise<Service<T>> | null = null;
  let worker: Worker | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function stopWorker() {
    worker?.terminate();
    worker = null;
  }

  function stayAwhile() {
    clearTimeout(idleTimer);
    if (!worker) return;
    idleTimer = setTimeout(() => {
      stopWorker();
      api = null;
    }, options.idleMs);
  }

  async function inWorker(): Promise<Remote<T>> {
    const { wrap } = await import('comlink');
    const w = options.start();
    worker = w;
    // A worker that fails to load never answers: on its error the calls go to the page.
    w.addEventListener('error', () => {
      if (worker === w) worker = null;
      w.terminate();
      api = options.inPage();
    });
    return wrap<T>(w);
  }

  function service(): Promise<Service<T>> {
    api ??= (
      typeof Worker === 'undefined' ? options.inPage() : inWorker().catch(() => options.inPage())
    ).catch((error: unknown) => {
      api = null; // a chunk that failed to load may load next time: do not keep the failure
      throw error;
    });
    return api;
  }

  return {
    service,
    async run(call) {
      try {
        return await call(await service());
      } finally {
        stayAwhile();
      }
    },
    fallBackToPage() {
      stopWorker();
      const page = options.inPage();
      api = page;
      return page;
    },
  };
}

/** Resolves with `work`'s answer, or with null when it has not answered within `ms`. */
export async function withinTime<R>(work: Promise<R>, ms: number): Promise<R | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
