import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../contract/notifications';
import type { GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { toNotification, type NotificationRecord } from './notifications';
import { INTERNAL_ADDRESS, pushLookup, refusedEndpoint } from './push-endpoint';

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

/** What History shows for a push whose copy died between claiming and settling it. */
export const ABANDONED =
  'the gateway stopped while sending; not sent again, as the push service may have it';

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

/** Errors raised before a request could reach the push service: safe to try again. */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

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
  private readonly agent: https.Agent;
  /** Who holds a claim: this copy, this start. */
  private readonly id = randomUUID();
  private vapid: VapidKeys | null = null;
  /** Signed VAPID headers by push service origin: one signature per origin and half day. */
  private readonly vapidHeaders = new Map<string, { value: string; expires: number }>();
  private workerId: string | null = null;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private stopping = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<
      GatewayConfig,
      'vapidKeys' | 'vapidSubject' | 'pushCaFile' | 'pushServiceHosts' | 'pushPermittedAddresses'
    >,
    private readonly options: PushWorkerOptions = DEFAULT_PUSH_OPTIONS,
    private readonly log: (error: Error) => void = () => undefined,
  ) {
    // One TLS context built once: an Agent given `ca` itself would fold the whole CA list
    // into every request's pool key (and build a context per connection).
    const secureContext = config.pushCaFile
      ? createSecureContext({ ca: [...rootCertificates, readFileSync(config.pushCaFile, 'utf8')] })
      : undefined;
    // An idle-socket time-out lets Node close a kept-alive socket before the push service's
    // announced keep-alive time-out (without one, that hint is ignored and a reused socket the
    // service just closed fails a push).
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets: options.concurrency,
      timeout: 30_000,
      secureContext,
      // Every connection goes to an address this lookup checked: none inside.
      lookup: pushLookup(config),
    });
    // No cron schedules here; maintenance (expiry, archive) stays on.
    this.boss = new PgBoss({ db: bossDb(db), schedule: false });
    this.boss.on('error', (e: Error) => this.log(e));
  }

  async start(): Promise<void> {
    this.stopping = false;
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
    this.agent.destroy();
  }

  /** Claims a copy took and never settled: it died while sending. */
  private async sweep(): Promise<void> {
    await this.db
      .updateTable('push_deliveries')
      .set({ status: 'failed', last_error: ABANDONED })
      .where('status', '=', 'sending')
      .where(
        'claimed_at',
        '<',
        sql<Date>`now() - make_interval(secs => ${this.options.leaseSeconds})`,
      )
      .execute();
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
    // Only a pending row is claimed; a row another copy claims at the same moment waits for
    // that copy's commit and is then no longer pending. Already sent, in flight elsewhere or
    // given up on: nothing to do (the job completes).
    const { rows } = await sql<Claimed>`
      WITH claimed AS (
        UPDATE push_deliveries
        SET status = 'sending', claimed_by = ${this.id}, claimed_at = now(),
          attempts = attempts + 1
        WHERE id = ANY(${[...byDelivery.keys()]}::bigint[]) AND status = 'pending'
        RETURNING id, notification_id, device_id
      )
      SELECT c.id AS delivery_id, c.device_id, d.endpoint, d.p256dh, d.auth,
        n.id, n.type, n.title, n.body, n.data, n.created_at, n.delivered_at, n.read_at
      FROM claimed c
      JOIN notifications n ON n.id = c.notification_id
      LEFT JOIN push_devices d ON d.id = c.device_id`.execute(this.db);
    if (rows.length === 0) return;
    const outcomes = await Promise.all(rows.map((row) => this.sendOne(row)));
    await this.settle(
      rows.map((row, i) => ({
        row,
        outcome: outcomes[i]!,
        job: byDelivery.get(String(row.delivery_id))!,
      })),
    );
  }

  private vapidHeader(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = Math.floor(Date.now() / 1000);
    const cached = this.vapidHeaders.get(audience);
    if (cached && cached.expires - now > 3600) return cached.value;
    // A push service accepts a token for up to 24 h; a fresh one is signed an hour early.
    const expires = now + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.config.vapidSubject,
      this.vapid!.publicKey,
      this.vapid!.privateKey,
      'aes128gcm',
      expires,
    );
    this.vapidHeaders.set(audience, { value: Authorization, expires });
    return Authorization;
  }

  private async sendOne(row: Claimed): Promise<Outcome> {
    if (!row.endpoint || !row.p256dh || !row.auth) {
      return { kind: 'failed', error: 'device removed' };
    }
    // Devices registered before today's rules, or under another configuration: never sent to.
    const refused = refusedEndpoint(row.endpoint, this.config);
    if (refused) return { kind: 'gone', error: refused };
    const payload: PushPayload = toNotification(row);
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          headers: { Authorization: this.vapidHeader(row.endpoint) },
          TTL: 7 * 86_400,
          contentEncoding: 'aes128gcm',
          agent: this.agent,
          timeout: 15_000,
        },
      );
      return { kind: 'sent' };
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : 0;
      const code = (err as { code?: string }).code;
      const error = status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err);
      if (code === INTERNAL_ADDRESS) return { kind: 'failed', error };
      // The push service says the subscription no longer exists: never try it again.
      if (status === 404 || status === 410) return { kind: 'gone', error };
      // Other 4xx (but 408/429) will not change on retry.
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        return { kind: 'failed', error };
      }
      if (status || (code && NOT_REACHED.has(code))) return { kind: 'retry', error };
      // No answer (time-out, connection cut): the push service may have taken it, and a
      // second request could show it twice; Messages still lists it.
      return { kind: 'failed', error: `${error}; not sent again` };
    }
  }

  /** Records what became of claimed pushes; only this copy's claims are touched. */
  private async settle(
    results: { row: Claimed; outcome: Outcome; job: PgBoss.JobWithMetadata<DeliveryJob> }[],
  ): Promise<void> {
    const mine = (ids: string[]) =>
      this.db
        .updateTable('push_deliveries')
        .where('id', 'in', ids)
        .where('status', '=', 'sending')
        .where('claimed_by', '=', this.id);
    const sent = results.filter((r) => r.outcome.kind === 'sent');
    if (sent.length > 0) {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('push_deliveries')
          .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
          .where(
            'id',
            'in',
            sent.map((r) => String(r.row.delivery_id)),
          )
          .where('status', '=', 'sending')
          .where('claimed_by', '=', this.id)
          .execute();
        await trx
          .updateTable('notifications')
          .set({ delivered_at: sql<Date>`now()` })
          .where('id', 'in', [...new Set(sent.map((r) => r.row.id))])
          .where('delivered_at', 'is', null)
          .execute();
      });
    }
    const again: string[] = [];
    const gone: string[] = [];
    for (const { row, outcome, job } of results) {
      if (outcome.kind === 'sent') continue;
      const id = String(row.delivery_id);
      if (outcome.kind === 'retry' && job.retryCount < job.retryLimit) {
        // Back to pending; pg-boss offers the job again after the back-off.
        await mine([id])
          .set({ status: 'pending', claimed_by: null, claimed_at: null, last_error: outcome.error })
          .execute();
        again.push(job.id);
        continue;
      }
      await mine([id]).set({ status: 'failed', last_error: outcome.error }).execute();
      if (outcome.kind === 'gone' && row.device_id) gone.push(row.device_id);
    }
    if (again.length > 0) await this.boss.fail(PUSH_QUEUE, again);
    if (gone.length > 0) {
      await this.db.deleteFrom('push_devices').where('id', 'in', gone).execute();
    }
    // The other jobs complete when the batch's handler returns.
  }
}
