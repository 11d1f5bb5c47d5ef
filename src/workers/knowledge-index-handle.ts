import type { Remote } from 'comlink';
import type { DocumentType } from '../../contract/knowledge';
import type { KnowledgeIndexApi } from './knowledge-index-service';

/**
 * The screen's handle on the offline index. In a browser it is the comlink worker (the index
 * is built off the main thread, so typing stays smooth); where there are no workers (tests,
 * old browsers) or the worker fails to start, the same service runs in the page. Loaded only
 * when an offline search runs: minisearch and comlink stay out of the first screen.
 */
let api: Promise<KnowledgeIndexApi | Remote<KnowledgeIndexApi>> | null = null;
let worker: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** An index of thousands of articles holds megabytes: let an unused worker go. */
const IDLE_MS = 5 * 60_000;
function stayAwhile() {
  clearTimeout(idleTimer);
  if (!worker) return;
  idleTimer = setTimeout(() => {
    worker?.terminate();
    worker = null;
    api = null;
  }, IDLE_MS);
}

async function inPage(): Promise<KnowledgeIndexApi> {
  const [{ createIndexService }, { db }] = await Promise.all([
    import('./knowledge-index-service'),
    import('../db/db'),
  ]);
  return createIndexService(db);
}

async function inWorker(): Promise<Remote<KnowledgeIndexApi>> {
  const { wrap } = await import('comlink');
  const w = new Worker(new URL('./knowledge-index.worker.ts', import.meta.url), {
    type: 'module',
  });
  worker = w;
  // A worker that fails to load (offline before its file was cached) never answers: listen
  // for its error so the caller can fall back instead of waiting forever.
  w.addEventListener('error', () => {
    if (worker === w) worker = null;
    w.terminate();
    api = inPage();
  });
  return wrap<KnowledgeIndexApi>(w);
}

export function offlineIndex(): Promise<KnowledgeIndexApi | Remote<KnowledgeIndexApi>> {
  api ??= (typeof Worker === 'undefined' ? inPage() : inWorker().catch(() => inPage())).catch(
    (error: unknown) => {
      api = null; // a chunk that failed to load may load next time: do not keep the failure
      throw error;
    },
  );
  return api;
}

// Building the index for thousands of articles takes seconds on a slow phone: only a worker
// that stays silent far longer than that is given up on.
const WORKER_ANSWER_MS = 20_000;

/** One page of offline matches; falls back to the in-page index if the worker does not answer. */
export async function searchOffline(
  userId: string,
  term: string,
  page: number,
  pageSize: number,
  documentTypes?: readonly DocumentType[],
) {
  const index = await offlineIndex();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_ANSWER_MS);
  });
  try {
    const answer = await Promise.race([
      index.search(userId, term, page, pageSize, documentTypes),
      late,
    ]);
    if (answer) return answer;
    worker?.terminate();
    worker = null;
    api = inPage();
    return (await api).search(userId, term, page, pageSize, documentTypes);
  } finally {
    clearTimeout(timer);
    stayAwhile();
  }
}
