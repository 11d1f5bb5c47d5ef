import type { FastifyInstance } from 'fastify';
import type { AppContext, PushQueue } from '../context';
import { DEFAULT_PUSH_OPTIONS, loadVapidKeys, PushWorker } from '../services/push';

/**
 * The one push fan-out of the gateway, shared by every route that pushes (the dashboard's
 * sends, a reply on a case): it starts when the app is ready and, at close, first waits for
 * the pushes still being queued beside an answer, then finishes its batch before the
 * database closes.
 */
export function pushFanout(
  app: FastifyInstance,
  db: AppContext['db'],
  config: AppContext['config'],
): PushQueue {
  const worker = new PushWorker(
    db,
    config,
    {
      ...DEFAULT_PUSH_OPTIONS,
      retryDelaySeconds: config.pushRetryDelaySeconds,
      batch: config.pushBatch,
      leaseSeconds: config.pushClaimLeaseSeconds,
    },
    (error) => app.log.error({ err: error }, 'push fan-out'),
  );
  const running = new Set<Promise<void>>();
  app.addHook('onReady', async () => {
    // Keys exist before the first subscription asks for them.
    await loadVapidKeys(db, config);
    await worker.start();
  });
  app.addHook('preClose', async () => {
    await Promise.all(running);
    await worker.stop();
  });
  return {
    enqueue: (trx, ids) => worker.enqueue(trx, ids),
    kick: () => worker.kick(),
    later(what, work) {
      const done = work()
        .catch((err: unknown) => app.log.error({ err }, what))
        .finally(() => running.delete(done));
      running.add(done);
    },
  };
}
