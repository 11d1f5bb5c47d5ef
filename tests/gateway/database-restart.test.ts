import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, healthSchema } from '../../contract/errors';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../../gateway/http/errors';
import { SIGN_IN_TRY_AGAIN, SIGN_IN_UNAVAILABLE } from '../../gateway/idp/unavailable-page';
import { REPLAYED_HEADER } from '../../gateway/services/idempotency';
import { SETTLE_LOST } from '../../gateway/services/push';
import { ADA, client, DANA, OPEN_TIMEOUT } from './cases-support';
import { killGatewayProcess, startGatewayProcess, type GatewayProcess } from './gateway-process';
import { openGateway, PUBLIC_URL, type Lane, type TestGateway } from './harness';
import { authorizationRequest, postCredentials, signIn, startAuthorization } from './oidc-flow';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { startPushReceiver, type PushReceiver } from './push-receiver';

/** Machine 1's open Northfield case (the seed's). */
const CASE_ID = '500000000000000001';
const bin = postgresBinDir();

/*
 * The database server stopped at once (as a crash or a failover) while reads and writes are in
 * flight, then started again: the gateway answers 503, never 500, says so on /api/v1/health,
 * reconnects by itself, and the writes the outbox retries with their keys land exactly once.
 * On a server of its own: the machine's shared one is never restarted.
 */
describe.skipIf(!bin)('PostgreSQL restarted under traffic', () => {
  let server: PrivatePostgres;
  let gw: TestGateway;
  let dana: string;
  let http: ReturnType<typeof client>;
  let child: GatewayProcess | null = null;
  let receiver: PushReceiver | null = null;

  /** A database of its own on the private server, for a gateway to migrate and seed. */
  const laneOn = async (database: string): Promise<Lane> => {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const dir = mkdtempSync(join(tmpdir(), 'torque-gw-test-'));
    dirs.push(dir);
    return {
      name: 'postgres',
      create: async () => ({
        env: { DATA_DIR: dir, DATABASE_URL: server.url.replace(/\/postgres$/, `/${database}`) },
        dispose: async () => undefined,
      }),
    };
  };
  const dirs: string[] = [];

  beforeAll(async () => {
    server = await startPrivatePostgres(bin!);
    gw = await openGateway(await laneOn('torque'));
    dana = await signIn(gw.app, DANA);
    http = client(gw.app);
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await gw?.close();
    if (child) await killGatewayProcess(child);
    await receiver?.close();
    server?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const health = async () => {
    const res = await gw.app.inject({ url: '/api/v1/health' });
    return { status: res.statusCode, body: healthSchema.parse(res.json()) };
  };

  /** Each queued write: its key and body, as the outbox keeps them. */
  const writes = new Map<string, { body: string }>();
  const post = (key: string) =>
    http.post(`/api/v1/cases/${CASE_ID}/feed`, dana, { body: writes.get(key)!.body }, key);
  const newWrite = () => {
    const key = randomUUID();
    writes.set(key, { body: `Restart note ${key}` });
    return post(key);
  };

  it('answers 503 while the database is away and applies every retried write once', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
    const statuses: number[] = [];
    const bodies: string[] = [];
    let traffic = true;
    // Reads and writes in flight all along, the way a few devices keep the gateway busy.
    const loop = async () => {
      while (traffic) {
        const answers = await Promise.all([
          newWrite(),
          http.get(`/api/v1/cases/${CASE_ID}`, dana),
          http.get(`/api/v1/cases/${CASE_ID}/feed`, dana),
          http.get('/api/v1/cases?limit=50', dana),
        ]);
        for (const a of answers) {
          statuses.push(a.statusCode);
          if (a.statusCode >= 500) bodies.push(a.body);
        }
      }
    };
    const loops = [loop(), loop(), loop()];
    await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThan(12);

    // Someone half-way through signing in when the database goes.
    const signingIn = await startAuthorization(gw.app);
    server.stopNow();
    await expect
      .poll(async () => (await health()).status, { timeout: 30_000, interval: 200 })
      .toBe(503);
    expect((await health()).body).toEqual({ status: 'unavailable', database: 'unavailable' });
    const away = statuses.length;
    await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThan(away + 12);
    const refused = await newWrite();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({
      error: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });

    // Sign-in says so too, on its pages, with 503 and Retry-After: never 500.
    const signIns = [
      await gw.app.inject({ url: authorizationRequest().url }),
      await gw.app.inject({
        url: signingIn.interactionPath,
        headers: { cookie: signingIn.jar.header() },
      }),
      await postCredentials(gw.app, signingIn, DANA, 'torque'),
    ];
    for (const page of signIns) {
      expect(page.statusCode, page.body).toBe(503);
      expect(page.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(SIGN_IN_UNAVAILABLE);
      expect(page.body).toContain(SIGN_IN_TRY_AGAIN);
    }
    // The app's code exchange (JSON) is a 503 as well.
    const token = await gw.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'torque-pwa',
        code: 'a-code-the-database-would-know',
        redirect_uri: `${PUBLIC_URL}/login`,
        code_verifier: signingIn.verifier,
      }).toString(),
    });
    expect(token.statusCode, token.body).toBe(503);
    expect(token.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));

    server.start();
    // Back by itself: no restart of the gateway.
    await expect
      .poll(async () => (await health()).status, { timeout: 60_000, interval: 200 })
      .toBe(200);
    traffic = false;
    await Promise.all(loops);
    // The sign-in that met the outage goes on where it was.
    const signedIn = await postCredentials(gw.app, signingIn, DANA, 'torque');
    expect(signedIn.statusCode, signedIn.body).toBe(303);

    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    // Every answer was a success or a 503: never a 500.
    expect(
      statuses.filter((s) => s !== 200 && s !== 201 && s !== 503),
      bodies.join('\n'),
    ).toEqual([]);

    // The outbox retries every write it has no answer for, and may retry the answered ones too
    // (an answer lost on the way): all with their keys, twice here.
    for (let round = 0; round < 2; round++) {
      for (const key of writes.keys()) {
        const res = await post(key);
        expect(res.statusCode, res.body).toBe(201);
        if (round === 1) expect(res.headers[REPLAYED_HEADER]).toBe('true');
      }
    }
    const feed = await http.get(`/api/v1/cases/${CASE_ID}/feed?limit=500`, dana);
    expect(feed.statusCode).toBe(200);
    const items = (feed.json() as { items: { body: string }[] }).items;
    for (const { body } of writes.values()) {
      expect(
        items.filter((i) => i.body === body),
        body,
      ).toHaveLength(1);
    }
  }, 180_000);

  it('keeps the gateway process serving when PostgreSQL restarts under a reply fan-out', async () => {
    receiver = await startPushReceiver();
    const push = receiver;
    // Migrated, seeded and signed in by a gateway in this process, which then hands over.
    const lane = await laneOn('torque_push');
    const setup = await openGateway(lane, push.gatewayEnv);
    const ada = await signIn(setup.app, ADA);
    const danaThere = await signIn(setup.app, DANA);
    const devices = 10;
    for (let i = 0; i < devices; i++) {
      const res = await setup.app.inject({
        method: 'POST',
        url: '/api/v1/push/devices',
        headers: { cookie: danaThere },
        payload: { subscription: push.subscribe(), platform: 'PWA' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // dana raised the case: she hears of ada's replies, on each of her devices.
    const db = setup.started.db.kysely;
    const { id: danaId } = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', DANA)
      .executeTakeFirstOrThrow();
    await db.updateTable('cases').set({ submitted_by: danaId }).where('id', '=', CASE_ID).execute();
    const { env } = await lane.create();
    await setup.app.close();

    const gateway = await startGatewayProcess({ ...env, ...push.gatewayEnv });
    child = gateway;
    const died = () =>
      `the gateway process ended (${gateway.ended()}):\n${gateway.output().slice(-3000)}`;
    /** Fetches from the process; a process that died fails the test at once, with its output. */
    const call = async (path: string, init: RequestInit = {}) => {
      if (gateway.ended()) throw new Error(died());
      try {
        return await fetch(`${gateway.origin}${path}`, init);
      } catch (err) {
        if (gateway.ended()) throw new Error(died(), { cause: err });
        throw err;
      }
    };
    const status = async (path: string) => (await call(path)).status;
    const reply = (body: string) =>
      call(`/api/v1/cases/${CASE_ID}/feed`, {
        method: 'POST',
        headers: {
          cookie: ada,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ body }),
      });

    // The push service holds its answers: the fan-out is mid-send when the database stops.
    push.delayMs = 2_000;
    const first = await reply('Check the relief valve first');
    expect(first.status, await first.text()).toBe(201);
    await push.waitFor(1);
    server.stopNow();
    expect(await status('/api/v1/health')).toBe(503);
    // The pushes in flight are answered and the fan-out settles them with the database away.
    await expect
      .poll(() => [...push.answers], { timeout: 30_000 })
      .toEqual(Array.from({ length: devices }, () => 201));
    await expect
      .poll(() => (gateway.ended() ? died() : gateway.output().includes(SETTLE_LOST)), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await status('/api/v1/health')).toBe(503);

    server.start();
    // Back by itself, the same process: it serves, and the next reply is pushed.
    await expect.poll(() => status('/api/v1/health'), { timeout: 60_000, interval: 200 }).toBe(200);
    push.delayMs = 0;
    const before = push.received.length;
    const second = await reply('Valve replaced');
    expect(second.status, await second.text()).toBe(201);
    await push.waitFor(before + devices);
    expect(push.received.slice(before).map((r) => (r.payload as { body: string }).body)).toEqual(
      Array.from({ length: devices }, () => 'Ada Adams: Valve replaced'),
    );
    expect((await call(`/api/v1/cases/${CASE_ID}`, { headers: { cookie: ada } })).status).toBe(200);
    expect(gateway.ended()).toBeNull();
  }, 300_000);
});

if (!bin) {
  describe('PostgreSQL restarted under traffic', () => {
    it.skip('needs PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql or PG_BIN', () => {});
  });
}
