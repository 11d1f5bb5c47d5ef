import type { DocumentType } from '../../contract/knowledge';
import type { KnowledgeIndexApi } from './knowledge-index-service';
import { createWorkerHandle, withinTime } from './worker-handle';

/**
 * The screens' handle on the offline index: a comlink worker, so the index is built off the
 * main thread and typing stays smooth, or the same service in the page where workers are
 * missing. Loaded only when an offline search runs: minisearch and comlink stay out of the
 * first screen.
 */
const index = createWorkerHandle<KnowledgeIndexApi>({
  start: () =>
    new Worker(new URL('./knowledge-index.worker.ts', import.meta.url), {
      type: 'module',
    }),
  inPage: async () => {
    const [{ createIndexService }, { db }] = await Promise.all([
      import('./knowledge-index-service'),
      import('../db/db'),
    ]);
    return createIndexService(db);
  },
  // An index of thousands of articles holds megabytes: let an unused worker go.
  idleMs: 5 * 60_000,
});

// Building the index for thousands of articles takes seconds on a slow phone: only a worker
// that stays silent far longer than that is given up on.
const WORKER_ANSWER_MS = 20_000;

/** One page of offline matches; falls back to the in-page index if the worker does not answer. */
export function searchOffline(
  userId: string,
  term: string,
  page: number,
  pageSize: number,
  documentTypes?: readonly DocumentType[],
) {
  return index.run(async (service) => {
    const answer = await withinTime(
      service.search(userId, term, page, pageSize, documentTypes),
      WORKER_ANSWER_MS,
    );
    if (answer) return answer;
    return (await index.fallBackToPage()).search(userId, term, page, pageSize, documentTypes);
  });
}
