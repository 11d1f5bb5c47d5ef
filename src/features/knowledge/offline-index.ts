import type { Remote } from 'comlink';
import type { KnowledgeIndexApi } from '../../workers/knowledge-index-service';

/**
 * The screen's handle on the offline index. In a browser it is the comlink worker (the index
 * is built off the main thread, so typing stays smooth); where there are no workers (tests,
 * old browsers) or the worker fails to start, the same service runs in the page. Loaded only
 * when an offline search runs: minisearch and comlink stay out of the first screen.
 */
let api: Promise<KnowledgeIndexApi | Remote<KnowledgeIndexApi>> | null = null;

async function inPage(): Promise<KnowledgeIndexApi> {
  const [{ createIndexService }, { db }] = await Promise.all([
    import('../../workers/knowledge-index-service'),
    import('../../db/db'),
  ]);
  return createIndexService(db);
}

async function inWorker(): Promise<Remote<KnowledgeIndexApi>> {
  const { wrap } = await import('comlink');
  const worker = new Worker(new URL('../../workers/knowledge-index.worker.ts', import.meta.url), {
    type: 'module',
  });
  // A worker that fails to load (offline before its file was cached) never answers: listen
  // for its error so the caller can fall back instead of waiting forever.
  worker.addEventListener('error', () => {
    api = inPage();
  });
  return wrap<KnowledgeIndexApi>(worker);
}

export function offlineIndex(): Promise<KnowledgeIndexApi | Remote<KnowledgeIndexApi>> {
  api ??= typeof Worker === 'undefined' ? inPage() : inWorker();
  return api;
}

const WORKER_ANSWER_MS = 10_000;

/** One page of offline matches; falls back to the in-page index if the worker does not answer. */
export async function searchOffline(userId: string, term: string, page: number, pageSize: number) {
  const index = await offlineIndex();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_ANSWER_MS);
  });
  try {
    const answer = await Promise.race([index.search(userId, term, page, pageSize), late]);
    if (answer) return answer;
    api = inPage();
    return (await api).search(userId, term, page, pageSize);
  } finally {
    clearTimeout(timer);
  }
}
