import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  broadcastListSchema,
  dealerContactsSchema,
  notificationListSchema,
  sendResponseSchema,
  vapidKeySchema,
  type SendRequest,
} from '../../contract/notifications';
import { openDb } from '../../gateway/db/connect';
import { DEFAULT_PUSH_OPTIONS, PUSH_QUEUE, PushWorker } from '../../gateway/services/push';
import { ABANDONED } from '../../gateway/services/push-deliveries';
import { startGateway } from '../../gateway/start';
import { atPublicAddress, lanes, openGateway, testConfig, type TestGateway } from './harness';
import { signIn } from './oidc-flow';
import { startPushReceiver, type PushReceiver } from './push-receiver';

const DANA = 'dana.tech@northfield.example';
const ELI = 'eli.tech@riverbend.example';
const SAM = 'sam.staff@torque.example';
const ADA = 'ada.admin@torque.example';

const knowledge = {
  type: 'Knowledge',
  title: 'New bulletin for M7 tractors',
  body: 'Front axle bulletin',
  knowledgeCategory: 'Bulletins',
  searchTerm: 'front axle',
} as const;

describe.each(lanes)('notifications on $name', (lane) => {
  let gw: TestGateway;
  let receiver: PushReceiver;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    receiver = await startPushReceiver();
    gw = await openGateway(lane, {
      ...receiver.gatewayEnv,
      PUSH_RETRY_DELAY_SECONDS: '1',
      PUSH_BATCH: '10',
    });
    for (const u of [DANA, ELI, SAM, ADA]) cookies[u] = await signIn(gw.app, u);
  }, 300_000);
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    gw.app.inject({
      method,
      url,
      headers: { ...(who ? { cookie: cookies[who]! } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const send = (body: SendRequest, who = ADA, headers: Record<string, string> = {}) =>
    call(who, 'POST', '/api/v1/notifications/send', body, headers);
  const count = async (conditionals: SendRequest['conditionals']) => {
    const res = await send({ execute: false, conditionals, message: knowledge });
    expect(res.statusCode, res.body).toBe(200);
    return sendResponseSchema.parse(res.json()).count;
  };
  const register = async (who: string, platform?: string) => {
    const subscription = receiver.subscribe();
    const res = await call(who, 'POST', '/api/v1/push/devices', { subscription, platform });
    expect(res.statusCode, res.body).toBe(201);
    return subscription;
  };
  /**
   * Many devices for one person, stored directly: the fan-out tests need more than the
   * registration route lets one user keep (MAX_DEVICES_PER_USER).
   */
  const addDevices = async (who: string, n: number) => {
    const user = await db()
      .selectFrom('users')
      .select(['id', 'contact_id'])
      .where('username', '=', who)
      .executeTakeFirstOrThrow();
    const subs = Array.from({ length: n }, () => receiver.subscribe());
    await db()
      .insertInto('push_devices')
      .values(
        subs.map((s) => ({
          id: randomUUID(),
          user_id: user.id,
          contact_id: user.contact_id,
          platform: 'PWA' as const,
          endpoint: s.endpoint,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
        })),
      )
      .execute();
    return subs;
  };
  const myMessages = async (who: string) => {
    const res = await call(who, 'GET', '/api/v1/notifications');
    expect(res.statusCode).toBe(200);
    return notificationListSchema.parse(res.json()).notifications;
  };
  const db = () => gw.started.db.kysely;
  /** Pushes not yet sent or given up on. */
  const pending = async (database = db()) =>
    Number(
      (
        await database
          .selectFrom('push_deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', 'in', ['pending', 'sending'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends only for administrators: 401 without a session, 403 for dana, eli and sam', async () => {
    const body = { execute: false, conditionals: [], message: knowledge };
    expect((await send(body, null as unknown as string)).statusCode).toBe(401);
    for (const who of [DANA, ELI, SAM]) {
      const res = await send(body, who);
      expect(res.statusCode, who).toBe(403);
    }
    expect((await call(SAM, 'GET', '/api/v1/notifications/broadcasts')).statusCode).toBe(403);
    expect((await send(body)).statusCode).toBe(200);
  });

  it('counts recipients for every filter field and operator in a dry run', async () => {
    const all = await count([]);
    expect(all).toBeGreaterThan(10);
    const ag = await count([{ field: 'Division__c', operator: 'Equals', value: 'ag' }]);
    expect(ag).toBeGreaterThan(0);
    expect(ag).toBeLessThan(all);
    expect(await count([{ field: 'Division__c', operator: 'Equals', value: 'NOPE' }])).toBe(0);
    // Northfield's people only; Is any with several values, spaces and lower case.
    const northfield = await count([
      { field: 'AccountNumber', operator: 'Equals', value: 'D10417' },
    ]);
    expect(northfield).toBeGreaterThan(0);
    const both = await count([
      { field: 'AccountNumber', operator: 'Is any', value: ' d10417, D20388 ,,' },
    ]);
    const riverbend = await count([
      { field: 'AccountNumber', operator: 'Equals', value: 'd20388' },
    ]);
    expect(both).toBe(northfield + riverbend);
    const m7 = await count([{ field: 'Contract_Series__c', operator: 'Includes', value: 'm7' }]);
    const m7t8 = await count([
      { field: 'Contract_Series__c', operator: 'Includes', value: 'm 7, t8' },
    ]);
    expect(m7).toBeGreaterThan(0);
    expect(m7t8).toBeGreaterThan(m7);
    // Dana: Northfield, AG, M7 and T7.
    expect(
      await count([
        { field: 'AccountNumber', operator: 'Equals', value: 'D10417' },
        { field: 'Division__c', operator: 'Equals', value: 'AG' },
        { field: 'Contract_Series__c', operator: 'Includes', value: 'T7' },
      ]),
    ).toBeGreaterThanOrEqual(1);
    // Platform: only people with a device of that platform.
    const before = await count([{ field: 'Platform', operator: 'Equals', value: 'ANDROID' }]);
    await register(ELI, 'ANDROID');
    expect(await count([{ field: 'Platform', operator: 'Equals', value: 'android' }])).toBe(
      before + 1,
    );
  });

  it('refuses incomplete filters, a field twice and missing message fields with the product texts', async () => {
    const bad = async (body: unknown) => {
      const res = await call(ADA, 'POST', '/api/v1/notifications/send', body);
      expect(res.statusCode).toBe(400);
      return (res.json() as { message: string }).message;
    };
    expect(
      await bad({
        execute: false,
        conditionals: [{ field: 'Division__c', operator: 'Equals', value: ' ' }],
        message: knowledge,
      }),
    ).toContain('You have incomplete filters. Please remove incomplete filters and try again.');
    expect(
      await bad({
        execute: false,
        conditionals: [{ field: 'AccountNumber', operator: 'Includes', value: 'X' }],
        message: knowledge,
      }),
    ).toContain('You have incomplete filters.');
    expect(
      await bad({
        execute: false,
        conditionals: [
          { field: 'Division__c', operator: 'Equals', value: 'AG' },
          { field: 'Division__c', operator: 'Equals', value: 'CE' },
        ],
        message: knowledge,
      }),
    ).toContain('Each filter field can be picked only once.');
    expect(
      await bad({ execute: false, conditionals: [], message: { ...knowledge, searchTerm: '' } }),
    ).toContain('You have missing required fields. Please fill them in and try again.');
    expect(
      await bad({ execute: false, conditionals: [], message: { type: 'Machine', title: 't' } }),
    ).toContain('You have missing required fields.');
  });

  it('keeps one user several devices, and unregisters one', async () => {
    const a = await register(SAM);
    const b = await register(SAM);
    const devices = await db()
      .selectFrom('push_devices')
      .select('endpoint')
      .where('endpoint', 'in', [a.endpoint, b.endpoint])
      .execute();
    expect(devices).toHaveLength(2);
    const res = await call(
      SAM,
      'DELETE',
      `/api/v1/push/devices?endpoint=${encodeURIComponent(a.endpoint)}`,
    );
    expect(res.statusCode).toBe(204);
    const left = await db()
      .selectFrom('push_devices')
      .select('endpoint')
      .where('endpoint', 'in', [a.endpoint, b.endpoint])
      .execute();
    expect(left.map((d) => d.endpoint)).toEqual([b.endpoint]);
    // Not http(s): refused.
    const bad = await call(SAM, 'POST', '/api/v1/push/devices', {
      subscription: { endpoint: 'http://127.0.0.1/x', keys: { p256dh: 'a', auth: 'b' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends for real: each device gets the message, encrypted with its keys; 410 removes it', async () => {
    const danaPhone = await register(DANA);
    const danaLaptop = await register(DANA);
    const gone = await register(DANA);
    receiver.answer(gone.endpoint, 410);
    const start = receiver.received.length;
    const res = await send(
      {
        execute: true,
        conditionals: [
          { field: 'AccountNumber', operator: 'Equals', value: 'D10417' },
          { field: 'Contract_Series__c', operator: 'Includes', value: 'T7' },
        ],
        message: knowledge,
      },
      ADA,
      { 'idempotency-key': 'send-1' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = sendResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ valid: true, success: true });
    expect(answer.count).toBeGreaterThanOrEqual(1);
    await receiver.waitFor(start + 2);
    const mine = receiver.received
      .slice(start)
      .filter((r) => [danaPhone.endpoint, danaLaptop.endpoint].includes(r.subscription));
    expect(mine).toHaveLength(2);
    expect(mine[0]!.payload).toMatchObject({
      type: 'Knowledge',
      title: knowledge.title,
      knowledgeCategory: 'Bulletins',
      searchTerm: 'front axle',
    });
    // The 410 subscription is removed once the worker has its answer.
    await expect
      .poll(
        async () =>
          (await db()
            .selectFrom('push_devices')
            .select('id')
            .where('endpoint', '=', gone.endpoint)
            .executeTakeFirst()) ?? null,
        { timeout: 15_000 },
      )
      .toBeNull();
    // History shows it, with its progress.
    await expect
      .poll(
        async () => {
          const list = broadcastListSchema.parse(
            (await call(ADA, 'GET', '/api/v1/notifications/broadcasts')).json(),
          ).notifications;
          return list.find((b) => b.id === answer.broadcastId);
        },
        { timeout: 15_000 },
      )
      .toMatchObject({
        title: knowledge.title,
        count: answer.count,
        pending: 0,
        sent: 2,
        failed: 1,
      });
    // A replay of the same send (same key) queues nothing new.
    const again = await send(
      {
        execute: true,
        conditionals: [
          { field: 'AccountNumber', operator: 'Equals', value: 'D10417' },
          { field: 'Contract_Series__c', operator: 'Includes', value: 'T7' },
        ],
        message: knowledge,
      },
      ADA,
      { 'idempotency-key': 'send-1' },
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    const broadcasts = await db()
      .selectFrom('broadcasts')
      .select('id')
      .where('title', '=', knowledge.title)
      .where('id', 'not like', 'demo-%')
      .execute();
    expect(broadcasts).toHaveLength(1);
    // Dana's list has it, newest first; demo messages of every type follow.
    const list = await myMessages(DANA);
    expect(list[0]).toMatchObject({ title: knowledge.title, delivered: true, read: false });
    expect(new Set(list.map((m) => m.type))).toEqual(new Set(['Knowledge', 'Machine', 'Case']));
  });

  it('retries a push the push service could not take, with back-off, and sends it once', async () => {
    const flaky = await register(ELI);
    receiver.answer(flaky.endpoint, 503, 2);
    const res = await send({
      execute: true,
      conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'D20388' }],
      message: { ...knowledge, title: 'Retry me' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(
        () =>
          receiver.received.filter(
            (r) =>
              r.subscription === flaky.endpoint &&
              (r.payload as { title: string }).title === 'Retry me',
          ).length,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(1);
    // Two answered 503, the third was taken (and is recorded once its answer is back).
    await expect
      .poll(() =>
        db()
          .selectFrom('push_deliveries as p')
          .innerJoin('push_devices as d', 'd.id', 'p.device_id')
          .select(['p.status', 'p.attempts'])
          .where('d.endpoint', '=', flaky.endpoint)
          .executeTakeFirstOrThrow(),
      )
      .toEqual({ status: 'sent', attempts: 3 });
  }, 60_000);

  it('lists, reads and deletes only the caller\u2019s messages; a repeated delete is harmless', async () => {
    const [first] = await myMessages(DANA);
    expect(first).toBeDefined();
    // Another person's message reads like one that does not exist.
    expect((await call(ELI, 'DELETE', `/api/v1/notifications/${first!.id}`)).statusCode).toBe(404);
    expect((await call(ELI, 'POST', `/api/v1/notifications/${first!.id}/read`)).statusCode).toBe(
      404,
    );
    expect((await call(DANA, 'POST', `/api/v1/notifications/${first!.id}/read`)).statusCode).toBe(
      200,
    );
    expect((await myMessages(DANA)).find((m) => m.id === first!.id)?.read).toBe(true);
    const del = () =>
      call(DANA, 'DELETE', `/api/v1/notifications/${first!.id}`, undefined, {
        'idempotency-key': `del-${first!.id}`,
      });
    const a = await del();
    const b = await del();
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    // Without a key too: deleting twice is not an error.
    expect((await call(DANA, 'DELETE', `/api/v1/notifications/${first!.id}`)).statusCode).toBe(200);
    expect((await myMessages(DANA)).map((m) => m.id)).not.toContain(first!.id);
    const reports = (await myMessages(SAM)).map((m) => m.type);
    expect(reports).toContain('Report');
  });

  it('answers dealer contacts by organisation, in the configured sections', async () => {
    const own = await call(DANA, 'GET', '/api/v1/dealer-contacts');
    expect(own.statusCode).toBe(200);
    const body = dealerContactsSchema.parse(own.json());
    expect(body.dealer.name).toBe('Northfield Equipment');
    expect(body.sections[0]!.fields.map((f) => f.kind)).toEqual(['text', 'email', 'phone', 'text']);
    expect(body.contacts.map((c) => c.email)).toContain(DANA);
    const eliAccount = (await db()
      .selectFrom('users')
      .select('account_id')
      .where('username', '=', ELI)
      .executeTakeFirstOrThrow())!.account_id!;
    // Another dealer's contacts: 404 for dana, fine for internal sam.
    expect(
      (await call(DANA, 'GET', `/api/v1/dealer-contacts?dealerId=${eliAccount}`)).statusCode,
    ).toBe(404);
    const picked = await call(SAM, 'GET', `/api/v1/dealer-contacts?dealerId=${eliAccount}`);
    expect(picked.statusCode).toBe(200);
    expect(dealerContactsSchema.parse(picked.json()).contacts.map((c) => c.email)).toContain(ELI);
    expect((await call(null, 'GET', '/api/v1/dealer-contacts')).statusCode).toBe(401);
  });

  /** Replaces the suite's gateway with a new start on the same data. */
  const restart = async (env: Record<string, string>) => {
    const again = await startGateway(testConfig({ ...gw.env, ...receiver.gatewayEnv, ...env }));
    atPublicAddress(again.app);
    await again.app.ready();
    const first = gw;
    gw = {
      ...first,
      app: again.app,
      started: again,
      async close() {
        await again.app.close();
        await first.close();
      },
    };
    for (const u of [DANA, ELI, SAM, ADA]) cookies[u] = await signIn(gw.app, u);
  };

  it('keeps VAPID keys across restarts and resumes a broadcast cut half-way, each push once', async () => {
    const key1 = vapidKeySchema.parse((await call(DANA, 'GET', '/api/v1/push/vapid-key')).json());
    const subs = await addDevices(ELI, 40);
    const endpoints = new Set(subs.map((s) => s.endpoint));
    receiver.delayMs = 40;
    const start = receiver.received.length;
    const res = await send({
      execute: true,
      conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'D20388' }],
      message: {
        type: 'Machine',
        title: 'Recall',
        body: 'Check it',
        modelNumber: 'M7-172',
        serialNumber: '12345',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await receiver.waitFor(start + 12);
    // An orderly stop: the batch in hand finishes, the rest stays queued.
    await gw.app.close();
    const atStop = receiver.received.length - start;
    expect(atStop).toBeLessThan(40);
    receiver.delayMs = 0;
    await restart({ PUSH_BATCH: '10' });
    const key2 = vapidKeySchema.parse((await call(DANA, 'GET', '/api/v1/push/vapid-key')).json());
    expect(key2.publicKey).toBe(key1.publicKey);
    await receiver.waitFor(start + 40);
    await expect.poll(() => pending(), { timeout: 15_000 }).toBe(0);
    const got = receiver.received.slice(start).filter((r) => endpoints.has(r.subscription));
    expect(got).toHaveLength(40);
    expect(new Set(got.map((r) => r.subscription)).size).toBe(40);
  }, 120_000);

  it('never sends one push twice when several gateway copies work the queue, even when a job is handed on mid-send', async () => {
    const endpoints = new Set((await addDevices(SAM, 20)).map((s) => s.endpoint));
    // Two more copies on the same database (on PostgreSQL with connections of their own).
    // Their jobs expire after 1 s while answers take 3 s: pg-boss hands a job to another
    // copy while the first is still sending it.
    const own = lane.name === 'postgres' ? await openDb(testConfig(gw.env)) : null;
    const copies = [0, 1].map(
      () =>
        new PushWorker(own?.kysely ?? db(), gw.config, {
          ...DEFAULT_PUSH_OPTIONS,
          batch: 4,
          claim: 4,
          concurrency: 4,
          expireInSeconds: 1,
          retryDelaySeconds: 1,
        }),
    );
    try {
      for (const c of copies) await c.start();
      receiver.delayMs = 3_000;
      const start = receiver.received.length;
      const res = await send({
        execute: true,
        conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'CORP-0001' }],
        message: { ...knowledge, title: 'Several copies' },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const c of copies) c.kick();
      await expect.poll(() => pending(), { timeout: 60_000, interval: 250 }).toBe(0);
      const got = receiver.received.slice(start).filter((r) => endpoints.has(r.subscription));
      expect(got).toHaveLength(endpoints.size);
      expect(new Set(got.map((r) => r.subscription)).size).toBe(endpoints.size);
      // The case this is about did happen: jobs of this send were handed on mid-send.
      const { broadcastId } = sendResponseSchema.parse(res.json());
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pgboss.job j
        JOIN push_deliveries p ON p.id = (j.data->>'deliveryId')::bigint
        WHERE j.name = ${PUSH_QUEUE} AND p.broadcast_id = ${broadcastId!} AND j.retry_count > 0`.execute(
        db(),
      );
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    } finally {
      receiver.delayMs = 0;
      for (const c of copies) await c.stop();
      await own?.close();
    }
  }, 90_000);

  // Last: the restart here leaves a 1 s claim lease behind.
  it('never sends a push twice when a gateway dies mid-broadcast: the rest is sent once after a restart', async () => {
    await addDevices(ELI, 24);
    // The copy that dies is alone on the database (PGlite has one process).
    await gw.app.close();
    // Its pushes reach the receiver and their answers never come back before it dies.
    receiver.delayMs = 60_000;
    const start = receiver.received.length;
    const child = fork(
      fileURLToPath(new URL('./push-sender-process.ts', import.meta.url)),
      [
        JSON.stringify({ ...gw.env, ...receiver.gatewayEnv, PUSH_BATCH: '8' }),
        JSON.stringify({
          execute: true,
          conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'D20388' }],
          message: { ...knowledge, title: 'Crash' },
        }),
      ],
      { execArgv: ['--import', 'tsx'], stdio: 'inherit' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const told = new Promise<string>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { broadcastId: string }).broadcastId));
      child.once('exit', (code) => reject(new Error(`sender exited early (${code})`)));
    });
    told.catch(() => undefined);
    let broadcastId: string;
    try {
      broadcastId = await told;
      // The first batch (8) is on its way: all eight arrived, none answered.
      await receiver.waitFor(start + 8, 60_000);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const held = new Set(receiver.received.slice(start).map((r) => r.subscription));
    expect(held.size).toBe(8);
    receiver.delayMs = 0;
    await restart({ PUSH_BATCH: '8', PUSH_CLAIM_LEASE_SECONDS: '1' });
    // Everything is settled: the rest sent, the eight the dead copy held counted failed.
    await expect.poll(() => pending(), { timeout: 30_000 }).toBe(0);
    const rows = await db()
      .selectFrom('push_deliveries as p')
      .innerJoin('push_devices as d', 'd.id', 'p.device_id')
      .select(['d.endpoint', 'p.status', 'p.last_error'])
      .where('p.broadcast_id', '=', broadcastId)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(24 + 8);
    // Each device got the message exactly once.
    const got = receiver.received
      .slice(start)
      .filter((r) => (r.payload as { title: string }).title === 'Crash')
      .map((r) => r.subscription);
    expect([...got].sort()).toEqual(rows.map((r) => r.endpoint).sort());
    expect(rows.filter((r) => held.has(r.endpoint))).toEqual(
      [...held].map(() => expect.objectContaining({ status: 'failed', last_error: ABANDONED })),
    );
    expect(rows.filter((r) => !held.has(r.endpoint)).map((r) => r.status)).toEqual(
      Array(rows.length - 8).fill('sent'),
    );
  }, 120_000);
});
