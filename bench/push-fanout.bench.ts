// Push fan-out (product §2 Notification dashboard, Send): one broadcast to 10,000 devices
// through the pg-boss queue (gateway/services/push.ts) to a local HTTPS push service that
// decrypts every message (tests/gateway/push-receiver.ts, in this same process: its
// decryption competes for the same two cores). Prints messages per second and the time to
// the last one. Goal: 10,000 in under 60 s.
import { sql } from 'kysely';
import { loadConfig } from '../gateway/config';
import { migrateToLatest } from '../gateway/db/migrate';
import { recordBroadcast } from '../gateway/services/broadcasts';
import { DEFAULT_PUSH_OPTIONS, PushWorker } from '../gateway/services/push';
import { sendRequestSchema } from '../contract/notifications';
import { startPushReceiver } from '../tests/gateway/push-receiver';
import { onBothDatabases } from './databases';
import { ms } from './support';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const PEOPLE = 1_000;

const results = await onBothDatabases(async (name, db) => {
  await migrateToLatest(db.kysely);
  const receiver = await startPushReceiver();
  try {
    await sql`INSERT INTO accounts (id, name, account_number, record_type) VALUES ('A1', 'Dealer', 'D1', 'Dealer')`.execute(
      db.kysely,
    );
    await sql`
      INSERT INTO contacts (id, account_id, first_name, last_name)
      SELECT 'C' || g, 'A1', 'F', 'L' FROM generate_series(1, ${PEOPLE}) g`.execute(db.kysely);
    await sql`
      INSERT INTO users (id, username, first_name, last_name, account_id, contact_id, is_admin, is_demo)
      SELECT 'U' || g, 'u' || g || '@b.example', 'F', 'L', 'A1', 'C' || g, g = 1, false
      FROM generate_series(1, ${PEOPLE}) g`.execute(db.kysely);
    const subs = Array.from({ length: DEVICES }, () => receiver.subscribe());
    for (let i = 0; i < subs.length; i += 1000) {
      await db.kysely
        .insertInto('push_devices')
        .values(
          subs.slice(i, i + 1000).map((s, j) => ({
            id: `P${i + j}`,
            user_id: `U${1 + ((i + j) % PEOPLE)}`,
            contact_id: `C${1 + ((i + j) % PEOPLE)}`,
            platform: 'PWA' as const,
            endpoint: s.endpoint,
            p256dh: s.keys.p256dh,
            auth: s.keys.auth,
          })),
        )
        .execute();
    }
    const config = loadConfig(receiver.gatewayEnv);
    const worker = new PushWorker(db.kysely, config, DEFAULT_PUSH_OPTIONS);
    const request = sendRequestSchema.parse({
      execute: true,
      conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'D1' }],
      message: {
        type: 'Knowledge',
        title: 'New bulletin for M7 tractors',
        body: 'Front axle bulletin SB-M7-114.',
        knowledgeCategory: 'Bulletins',
        searchTerm: 'front axle',
      },
    });
    await worker.start();
    const t0 = performance.now();
    await db.kysely
      .transaction()
      .execute((trx) => recordBroadcast(trx, 'U1', request, (t, ids) => worker.enqueue(t, ids)));
    const queuedMs = performance.now() - t0;
    worker.kick();
    await receiver.waitFor(DEVICES, 300_000);
    const lastMs = performance.now() - t0;
    await worker.stop();
    const sent = await db.kysely
      .selectFrom('push_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    const unique = new Set(receiver.received.map((r) => r.subscription)).size;
    return {
      name,
      queuedMs,
      lastMs,
      received: receiver.received.length,
      unique,
      sent: Number(sent.n),
    };
  } finally {
    await receiver.close();
  }
});

console.log(`push fan-out: one broadcast to ${DEVICES} devices of ${PEOPLE} people`);
console.log('database     queued in  last push at   msg/s  received  distinct  marked sent');
for (const r of results) {
  if (typeof r === 'string') {
    console.log(r);
    continue;
  }
  console.log(
    `${r.name.padEnd(12)} ${ms(r.queuedMs).padStart(9)}  ${ms(r.lastMs).padStart(12)}  ${(
      (r.received / r.lastMs) *
      1000
    )
      .toFixed(0)
      .padStart(6)}  ${String(r.received).padStart(8)}  ${String(r.unique).padStart(8)}  ${String(
      r.sent,
    ).padStart(11)}`,
  );
}
