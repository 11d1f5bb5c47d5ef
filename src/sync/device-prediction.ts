import type {
  DevicePrediction,
  DevicePredictionQuery,
  PredictionEngineApi,
} from '../workers/prediction-engine-service';
import { createWorkerHandle, withinTime } from '../workers/worker-handle';

/**
 * The page's handle on the device's prediction engine (product §4 Offline-first): a comlink
 * worker, so building the engine over thousands of kept claims and ranking never hold the
 * main thread, or the same service in the page where workers are missing. Loaded with the
 * first offline prediction.
 */
const engine = createWorkerHandle<PredictionEngineApi>({
  start: () =>
    new Worker(new URL('../workers/prediction-engine.worker.ts', import.meta.url), {
      type: 'module',
    }),
  inPage: async () => {
    const [{ createPredictionService }, { createEngine }, { db }] = await Promise.all([
      import('../workers/prediction-engine-service'),
      import('../../engine/index'),
      import('../db/db'),
    ]);
    return createPredictionService(db, createEngine);
  },
  // A built engine holds the kept claims and their index: let an unused worker go.
  idleMs: 5 * 60_000,
});

// Building over a dealer's models takes a second or two on a slow phone: only a worker that
// stays silent far longer than that is given up on.
const WORKER_ANSWER_MS = 20_000;

/** Ranks a symptom over the claims kept on the device. */
export function rankOnDevice(
  ownerUserId: string,
  query: DevicePredictionQuery,
): Promise<DevicePrediction> {
  return engine.run(async (service) => {
    const answer = await withinTime(service.predict(ownerUserId, query), WORKER_ANSWER_MS);
    if (answer) return answer;
    return (await engine.fallBackToPage()).predict(ownerUserId, query);
  });
}
