// A gateway copy's fan-out in a process of its own, so a test can kill it (SIGKILL) half-way
// through a broadcast. Started by tests/gateway/notifications.test.ts with the lane's database
// settings (JSON in argv[2]) and the send request (argv[3]); it records the broadcast the way
// the send route does, starts sending, tells its parent the broadcast id and waits.
import { sendRequestSchema } from '../../contract/notifications';
import { openDb } from '../../gateway/db/connect';
import { recordBroadcast } from '../../gateway/services/broadcasts';
import { DEFAULT_PUSH_OPTIONS, PushWorker } from '../../gateway/services/push';
import { testConfig } from './harness';

const config = testConfig(JSON.parse(process.argv[2]!) as Record<string, string>);
const request = sendRequestSchema.parse(JSON.parse(process.argv[3]!));
const db = await openDb(config);
const worker = new PushWorker(db.kysely, config, {
  ...DEFAULT_PUSH_OPTIONS,
  batch: config.pushBatch,
  retryDelaySeconds: config.pushRetryDelaySeconds,
  leaseSeconds: config.pushClaimLeaseSeconds,
});
await worker.start();
const admin = await db.kysely
  .selectFrom('users')
  .select('id')
  .where('is_admin', '=', true)
  .orderBy('username')
  .executeTakeFirstOrThrow();
const sent = await db.kysely
  .transaction()
  .execute((trx) => recordBroadcast(trx, admin.id, request, (t, ids) => worker.enqueue(t, ids)));
worker.kick();
process.send!({ broadcastId: sent.id });
// Sending goes on until the parent kills this process.
setInterval(() => undefined, 60_000);
