import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import webpush from 'web-push';
import type { GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { countPush } from '../http/metrics';
import { claimDeliveries, failAbandonedClaims, settleDeliveries } from './push-deliveries';
import { PushSender, type PushSendConfig, type VapidKeys } from './push-send';

const VAPID_KIND = 'vapid';

/**
 * The configured VAPID pair, or the one kept in signing_keys: generated on first start,
 * race-safe, so every gateway copy signs with the same key and subscriptions survive restarts.
 */
export async function loadVapidKeys(
  db: Kysely<Database>,
  config: Pick<GatewayConfig, 'vapidKeys'>,
): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const read = () =>
    db
      .selectFrom('signing_keys')
      .select('value')
      .where('kind', '=', VAPID_KIND)
      .orderBy('created_at')
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const keys = webpush.generateVAPIDKeys();
    await db
      .insertInto('signing_keys')
      .values({ kind: VAPID_KIND, id: 'current', value: JSON.stringify(keys) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await read();
  }
  const v = row!.value as unknown as VapidKeys;
  return { publicKey: v.publicKey, privateKey: v.privateKey };
}

/** How the fan-out behaves; the defaults are the production values. */
export interface PushWorkerOptions {
  /** Jobs one gateway copy fetches at once. */
  batch: number;
  /** Pushes in flight at once. */
  concurrency: number;
  /** Pushes claimed together (one statement) and then sent together. */
  claim: number;
  /** Retries after the first attempt before a delivery counts as failed. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (pg-boss retryBackoff). */
  retryDelaySeconds: number;
  /** A job a copy took and never finished (it died) is given to another after this. */
  expireInSeconds: number;
  /** How often an idle worker asks for jobs. */
  pollingIntervalSeconds: number;
  /** A claim older than this belongs to a copy that died while sending: counted failed. */
  leaseSeconds: number;
}

export const DEFAULT_PUSH_OPTIONS: PushWorkerOptions = {
  batch: 500,
  concurrency: 64,
  claim: 16,
  retryLimit: 4,
  retryDelaySeconds: 2,
  expireInSeconds: 120,
  pollingIntervalSeconds: 1,
  leaseSeconds: 120,
};

/** The pg-boss queue of the fan-out: one job per (message, device). */
export const PUSH_QUEUE = 'push-delivery';

interface DeliveryJob {
  deliveryId: string;
}

/** pg-boss's own schema, named so the statements below are the ones it runs. */
const BOSS_SCHEMA = 'pgboss';
const plans = createRequire(import.meta.url)('pg-boss/src/plans') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
/**
 * The statements pg-boss runs without awaiting them: it settles a fetched batch (complete, or
 * fail when the handler threw) and moves on, so their rejection would reach nobody and end the
 * process. Losing one is harmless: the jobs stay active, expire after expireInSeconds and come
 * back, and the delivery rows, not the jobs, decide what is sent.
 */
const UNAWAITED = new Set([plans.completeJobs(BOSS_SCHEMA), plans.failJobsById(BOSS_SCHEMA)]);
/** A settle's answer when it did not run: pg-boss reads a count from it. */
const NOTHING_SETTLED = { rows: [{ count: '0' }] };

export const SETTLE_LOST =
  'a batch of pushes could not be settled; its jobs come back when they expire';

/**
 * pg-boss runs its SQL through Kysely: one pool (and PGlite's one connection) for all. After
 * `closed()` (the gateway stopped) the SQL is dropped, and a batch settled late stays active
 * until it expires to another copy. A settle that fails (the database away) goes to `lost`
 * instead of rejecting (see UNAWAITED); any other statement's error reaches its caller.
 */
export function bossDb(
  db: Kysely<Database> | Transaction<Database>,
  closed: () => boolean = () => false,
  lost: (error: Error) => void = () => undefined,
): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const settle = UNAWAITED.has(text);
      if (closed()) return settle ? NOTHING_SETTLED : { rows: [] };
      try {
        const res = await db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: res.rows as unknown[] };
      } catch (err) {
        if (!settle) throw err;
        lost(new Error(SETTLE_LOST, { cause: err }));
        return NOTHING_SETTLED;
      }
    },
  };
}

/**
 * The fan-out, on pg-boss (docs/gateway.md "Notifications"): each queued push is a pg-boss
 * job, inserted in the same transaction as the broadcast, so a send is queued whole or not at
 * all. pg-boss hands jobs to the gateway copies (SKIP LOCKED), retries a failed one with
 * back-off and gives a job a dead copy held to another after expireInSeconds. A job alone
 * would send at least once (a copy dying between the request and its record, or a job handed
 * on while its first copy is still sending, sends again), so the push_deliveries row decides:
 * a copy claims it (pending → sending, committed) before the request leaves, only a pending
 * row can be claimed, and a claim is settled (sent, failed, or back to pending when the push
 * service said "try again") only by its owner. A claim left by a copy that died is counted
 * failed after leaseSeconds, never sent again. Same on PGlite and PostgreSQL.
 */
export class PushWorker {
  private readonly boss: PgBoss;
  private readonly sender: PushSender;
  /** Who holds a claim: this copy, this start. */
  private readonly id = randomUUID();
  private vapid: VapidKeys | null = null;
  private workerId: string | null = null;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private stopping = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<GatewayConfig, 'vapidKeys'> & PushSendConfig,
    private readonly options: PushWorkerOptions = DEFAULT_PUSH_OPTIONS,
    private readonly log: (error: Error) => void = () => undefined,
  ) {
    this.sender = new PushSender(config, options.concurrency);
    // No cron schedules here; maintenance (expiry, archive) stays on.
    this.boss = new PgBoss({
      db: bossDb(db, () => this.stopped, log),
      schema: BOSS_SCHEMA,
      schedule: false,
    });
    this.boss.on('error', (e: Error) => this.log(e));
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.stopped = false;
    await this.boss.start();
    const queue = {
      retryLimit: this.options.retryLimit,
      retryDelay: this.options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.options.expireInSeconds,
    };
    await this.boss.createQueue(PUSH_QUEUE, { name: PUSH_QUEUE, ...queue });
    // createQueue leaves an existing queue alone: the settings of this start apply to it too.
    await this.boss.updateQueue(PUSH_QUEUE, { name: PUSH_QUEUE, ...queue });
    await this.sweep();
    const every = Math.max(1, Math.min(30, this.options.leaseSeconds / 2));
    this.sweeper = setInterval(
      () => void this.sweep().catch((e: Error) => this.log(e)),
      every * 1000,
    );
    this.sweeper.unref();
    this.workerId = await this.boss.work<DeliveryJob>(
      PUSH_QUEUE,
      {
        batchSize: this.options.batch,
        pollingIntervalSeconds: this.options.pollingIntervalSeconds,
        includeMetadata: true,
      },
      (jobs) => this.handle(jobs),
    );
  }

  /** Queues one push per delivery row, inside the caller's transaction. */
  async enqueue(trx: Transaction<Database>, deliveryIds: string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    await this.boss.insert(
      deliveryIds.map((id) => ({ name: PUSH_QUEUE, data: { deliveryId: id } })),
      { db: bossDb(trx) },
    );
  }

  /** Something was queued: fetch now instead of at the next poll. */
  kick(): void {
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }

  /** Settles the pushes in flight, hands the rest of the batch back to the queue, stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    this.stopped = true;
    this.sender.destroy();
  }

  private sweep(): Promise<void> {
    return failAbandonedClaims(this.db, this.options.leaseSeconds);
  }

  private async handle(jobs: PgBoss.JobWithMetadata<DeliveryJob>[]): Promise<void> {
    this.vapid ??= await loadVapidKeys(this.db, this.config);
    const left = [...jobs];
    const { claim, concurrency } = this.options;
    // Each lane claims a few pushes, sends them, settles them, and takes the next few: the
    // pushes claimed and not yet settled are never more than `concurrency`.
    const lane = async () => {
      while (left.length > 0 && !this.stopping) {
        await this.sendGroup(left.splice(0, claim));
      }
    };
    const lanes = Math.min(Math.ceil(concurrency / claim), Math.ceil(jobs.length / claim));
    await Promise.all(Array.from({ length: lanes }, lane));
    if (left.length > 0) {
      // Stopping: what was not claimed goes back as new jobs, for this copy's next start or
      // another copy; this batch then completes.
      await this.boss.insert(left.map((j) => ({ name: PUSH_QUEUE, data: j.data })));
    } else if (jobs.length >= this.options.batch) {
      // A full batch: more are probably waiting, so no pause before the next fetch.
      this.kick();
    }
  }

  private async sendGroup(jobs: PgBoss.JobWithMetadata<DeliveryJob>[]): Promise<void> {
    const byDelivery = new Map(jobs.map((j) => [j.data.deliveryId, j]));
    const rows = await claimDeliveries(this.db, this.id, [...byDelivery.keys()]);
    if (rows.length === 0) return;
    const outcomes = await Promise.all(rows.map((row) => this.sender.send(row, this.vapid!)));
    for (const outcome of outcomes) countPush(outcome.kind);
    const results = rows.map((row, i) => {
      const outcome = outcomes[i]!;
      const job = byDelivery.get(String(row.delivery_id))!;
      const retry = outcome.kind === 'retry' && job.retryCount < job.retryLimit;
      return { row, outcome, job, retry };
    });
    await settleDeliveries(this.db, this.id, results);
    const again = results.filter((r) => r.retry).map((r) => r.job.id);
    if (again.length > 0) await this.boss.fail(PUSH_QUEUE, again);
    // The other jobs complete when the batch's handler returns.
  }
}
