import type { FastifyInstance } from 'fastify';
import type { AppContext, PushQueue } from '../context';
import { DEFAULT_PUSH_OPTIONS, loadVapidKeys, PushWorker } from '../services/push';

/**
 * The one push fan-out of the gateway, shared by every route that pushes (the dashboard's
 * sends, a reply on a case): it starts when the app is ready and, at close, finishes its
 * batch before the database closes.
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
  app.addHook('onReady', async () => {
    // Keys exist before the first subscription asks for them.
    await loadVapidKeys(db, config);
    await worker.start();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
  return {
    enqueue: (trx, ids) => worker.enqueue(trx, ids),
    kick: () => worker.kick(),
  };
}
