import type { Remote } from 'comlink';
import type { PhotoPrepareApi, PreparedPhoto } from '../../workers/photo-prepare';

/**
 * The screen's handle on photo preparation (HEIC to JPEG, downscaling). In a browser it is a
 * comlink worker, started on the first photo and let go when idle; without workers (tests, old
 * browsers) or when the worker cannot start, the same code runs in the page.
 */
let api: Promise<PhotoPrepareApi | Remote<PhotoPrepareApi>> | null = null;
let worker: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** The HEIC decoder holds tens of megabytes: an unused worker goes after a minute. */
const IDLE_MS = 60_000;

function stayAwhile() {
  clearTimeout(idleTimer);
  if (!worker) return;
  idleTimer = setTimeout(() => {
    worker?.terminate();
    worker = null;
    api = null;
  }, IDLE_MS);
}

async function inPage(): Promise<PhotoPrepareApi> {
  return (await import('../../workers/photo-prepare')).photoPrepareService;
}

async function inWorker(): Promise<Remote<PhotoPrepareApi>> {
  const { wrap } = await import('comlink');
  const w = new Worker(new URL('../../workers/photo-prepare.worker.ts', import.meta.url), {
    type: 'module',
  });
  worker = w;
  w.addEventListener('error', () => {
    if (worker === w) worker = null;
    w.terminate();
    api = inPage();
  });
  return wrap<PhotoPrepareApi>(w);
}

function photoPrepare(): Promise<PhotoPrepareApi | Remote<PhotoPrepareApi>> {
  api ??= (typeof Worker === 'undefined' ? inPage() : inWorker().catch(() => inPage())).catch(
    (error: unknown) => {
      api = null;
      throw error;
    },
  );
  return api;
}

/** One chosen file, ready to queue. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  try {
    return await (await photoPrepare()).prepare(file, file.name);
  } finally {
    stayAwhile();
  }
}
