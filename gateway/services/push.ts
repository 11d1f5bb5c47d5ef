import { readFileSync } from 'node:fs';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../contract/notifications';
import type { GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { toNotification, type NotificationRecord } from './notifications';

const VAPID_KIND = 'vapid';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

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
  /** Retries after the first attempt before a delivery counts as failed. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (pg-boss retryBackoff). */
  retryDelaySeconds: number;
  /** A job a copy took and never finished (it died) is given to another after this. */
  expireInSeconds: number;
  /** How often an idle worker asks for jobs. */
  pollingIntervalSeconds: number;
}

export const DEFAULT_PUSH_OPTIONS: PushWorkerOptions = {
  batch: 500,
  concurrency: 64,
  retryLimit: 4,
  retryDelaySeconds: 2,
  expireInSeconds: 120,
  pollingIntervalSeconds: 1,
};

/** The pg-boss queue of the fan-out: one job per (message, device). */
export const PUSH_QUEUE = 'push-delivery';

interface DeliveryJob {
  deliveryId: string;
}

/** pg-boss runs its SQL through Kysely: one pool (and PGlite's one connection) for all. */
function bossDb(db: Kysely<Database> | Transaction<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const res = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: res.rows as unknown[] };
    },
  };
}

interface Claimed extends NotificationRecord {
  delivery_id: string;
  device_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string };

/**
 * The fan-out, on pg-boss (docs/architecture.md "Push notifications"): each queued push is a
 * pg-boss job, inserted in the same transaction as the broadcast, so a send is queued whole
 * or not at all. pg-boss hands a job to one gateway copy at a time (SKIP LOCKED), retries a
 * failed one with back-off, gives a job a dead copy held to another after expireInSeconds,
 * and on an orderly stop waits for the jobs in hand. It runs the same way on PGlite (through
 * the node-postgres adapter) and on PostgreSQL. push_deliveries keeps each push's state for
 * the History tab.
 */
export class PushWorker {
  private readonly boss: PgBoss;
  private readonly agent: https.Agent;
  private vapid: VapidKeys | null = null;
  private workerId: string | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<GatewayConfig, 'vapidKeys' | 'vapidSubject' | 'pushCaFile'>,
    private readonly options: PushWorkerOptions = DEFAULT_PUSH_OPTIONS,
    private readonly log: (error: Error) => void = () => undefined,
  ) {
    const ca = config.pushCaFile
      ? [...rootCertificates, readFileSync(config.pushCaFile, 'utf8')]
      : undefined;
    this.agent = new https.Agent({ keepAlive: true, maxSockets: options.concurrency, ca });
    // No cron schedules here; maintenance (expiry, archive) stays on.
    this.boss = new PgBoss({ db: bossDb(db), schedule: false });
    this.boss.on('error', (e: Error) => this.log(e));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(PUSH_QUEUE, {
      name: PUSH_QUEUE,
      retryLimit: this.options.retryLimit,
      retryDelay: this.options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.options.expireInSeconds,
    });
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

  /** Finishes the jobs in hand (marking what was sent), then stops. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    this.agent.destroy();
  }

  private async handle(jobs: PgBoss.JobWithMetadata<DeliveryJob>[]): Promise<void> {
    this.vapid ??= await loadVapidKeys(this.db, this.config);
    const ids = jobs.map((j) => j.data.deliveryId);
    const rows = await this.db
      .selectFrom('push_deliveries as p')
      .innerJoin('notifications as n', 'n.id', 'p.notification_id')
      .leftJoin('push_devices as d', 'd.id', 'p.device_id')
      .select([
        'p.id as delivery_id',
        'p.device_id',
        'd.endpoint',
        'd.p256dh',
        'd.auth',
        'n.id',
        'n.type',
        'n.title',
        'n.body',
        'n.data',
        'n.created_at',
        'n.delivered_at',
        'n.read_at',
      ])
      .where('p.id', 'in', ids)
      .where('p.status', '=', 'pending')
      .execute();
    const byId = new Map(rows.map((r) => [String(r.delivery_id), r as Claimed]));
    const outcomes = new Map<string, Outcome>();
    let next = 0;
    const work = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const row = byId.get(job.data.deliveryId);
        // Already sent (a job replayed after a crash) or the message was deleted: done.
        if (!row) continue;
        const outcome = await this.sendOne(row);
        outcomes.set(job.id, outcome);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.options.concurrency, jobs.length) }, work),
    );
    await this.record(jobs, byId, outcomes);
  }

  private async sendOne(row: Claimed): Promise<Outcome> {
    if (!row.endpoint || !row.p256dh || !row.auth) {
      return { kind: 'failed', error: 'device removed' };
    }
    const payload: PushPayload = toNotification(row);
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.config.vapidSubject, ...this.vapid! },
          TTL: 7 * 86_400,
          contentEncoding: 'aes128gcm',
          agent: this.agent,
          timeout: 15_000,
        },
      );
      return { kind: 'sent' };
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : 0;
      const error = status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err);
      // The push service says the subscription no longer exists: never try it again.
      if (status === 404 || status === 410) return { kind: 'gone', error };
      // Other 4xx (but 408/429) will not change on retry.
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        return { kind: 'failed', error };
      }
      return { kind: 'retry', error };
    }
  }

  private async record(
    jobs: PgBoss.JobWithMetadata<DeliveryJob>[],
    byId: Map<string, Claimed>,
    outcomes: Map<string, Outcome>,
  ): Promise<void> {
    const now = new Date();
    const sent = jobs.filter((j) => outcomes.get(j.id)?.kind === 'sent');
    if (sent.length > 0) {
      const deliveries = sent.map((j) => j.data.deliveryId);
      await this.db
        .updateTable('push_deliveries')
        .set({ status: 'sent', sent_at: now, last_error: null })
        .where('id', 'in', deliveries)
        .execute();
      const messages = [...new Set(deliveries.map((d) => byId.get(d)!.id))];
      await this.db
        .updateTable('notifications')
        .set({ delivered_at: now })
        .where('id', 'in', messages)
        .where('delivered_at', 'is', null)
        .execute();
    }
    const gone: string[] = [];
    for (const job of jobs) {
      const outcome = outcomes.get(job.id);
      if (!outcome || outcome.kind === 'sent') continue;
      const lastTry = job.retryCount >= job.retryLimit;
      if (outcome.kind === 'retry' && !lastTry) {
        // pg-boss puts the job back with back-off; the delivery stays pending meanwhile.
        await this.db
          .updateTable('push_deliveries')
          .set({ attempts: job.retryCount + 1, last_error: outcome.error })
          .where('id', '=', job.data.deliveryId)
          .execute();
        await this.boss.fail(PUSH_QUEUE, job.id, { error: outcome.error });
        continue;
      }
      await this.db
        .updateTable('push_deliveries')
        .set({ status: 'failed', attempts: job.retryCount + 1, last_error: outcome.error })
        .where('id', '=', job.data.deliveryId)
        .execute();
      if (outcome.kind === 'gone') {
        const device = byId.get(job.data.deliveryId)?.device_id;
        if (device) gone.push(device);
      }
    }
    if (gone.length > 0) {
      await this.db.deleteFrom('push_devices').where('id', 'in', gone).execute();
    }
    // Jobs still active (sent, refused for good) complete when this handler returns.
  }
}
