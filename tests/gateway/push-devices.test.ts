import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { broadcastListSchema, sendResponseSchema } from '../../contract/notifications';
import { loadConfig } from '../../gateway/config';
import { DEVICE_TAKEN_MESSAGE } from '../../gateway/routes/push';
import { MAX_DEVICES_PER_USER } from '../../gateway/services/push-devices';
import {
  permittedAddress,
  REFUSED_ENDPOINT_MESSAGE,
  refusedEndpoint,
} from '../../gateway/services/push-endpoint';
import { lanes, openGateway, TEST_PORT, type TestGateway } from './harness';
import { signIn } from './oidc-flow';
import { startPushReceiver, type PushReceiver } from './push-receiver';

const DANA = 'dana.tech@northfield.example';
const ELI = 'eli.tech@riverbend.example';
const ADA = 'ada.admin@torque.example';
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('which push endpoints the production settings accept', () => {
  const production = loadConfig({});
  it('the browsers’ push services and their subdomains, on 443 only', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://push.services.mozilla.com/wpush/v1/x',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://api.push.apple.com/3/device/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://FCM.GoogleAPIs.com./fcm/send/x',
    ]) {
      expect(refusedEndpoint(endpoint, production), endpoint).toBeNull();
    }
  });
  it('nothing else: other hosts, look-alikes, other ports, addresses, user info, http', () => {
    for (const endpoint of [
      'https://127.0.0.1:18556/x',
      'https://localhost:18556/x',
      'https://localhost/x',
      'https://[::1]:18556/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0x7f000001:18556/x',
      'https://2130706433:18556/x',
      'https://0177.0.0.1/x',
      'https://user:pass@127.0.0.1:18556/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://user@fcm.googleapis.com/x',
      `http://localhost:${TEST_PORT}/api/v1/health`,
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://googleapis.com/x',
      'https://notify.windows.com/w/x',
      'https://evilnotify.windows.com/w/x',
      'https://push.apple.com.evil.example/x',
      'https://169.254.169.254/latest/meta-data',
      'not a url',
    ]) {
      expect(refusedEndpoint(endpoint, production), endpoint).not.toBeNull();
    }
  });
  it('connects to no loopback, private, link-local or otherwise reserved address', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
    ]) {
      expect(permittedAddress(address, production), address).toBe(false);
    }
    for (const address of ['142.250.185.74', '2a00:1450:4001:82b::200a', '172.32.0.1']) {
      expect(permittedAddress(address, production), address).toBe(true);
    }
    expect(
      permittedAddress('127.0.0.1', { ...production, pushPermittedAddresses: ['127.0.0.1'] }),
    ).toBe(true);
  });
});

describe.each(lanes)('push devices on $name', (lane) => {
  let gw: TestGateway;
  let receiver: PushReceiver;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    receiver = await startPushReceiver();
    // The receiver is a known push service here, but its address is not permitted: the
    // production rule for a name that resolves to loopback.
    const { PUSH_SERVICE_HOSTS, PUSH_CA_FILE } = receiver.gatewayEnv;
    gw = await openGateway(lane, {
      PUSH_SERVICE_HOSTS: PUSH_SERVICE_HOSTS!,
      PUSH_CA_FILE: PUSH_CA_FILE!,
    });
    for (const u of [DANA, ELI, ADA]) cookies[u] = await signIn(gw.app, u);
  }, 300_000);
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  const db = () => gw.started.db.kysely;
  const register = (cookie: string, subscription: unknown) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: { cookie },
      payload: { subscription, platform: 'PWA' },
    });
  const owner = async (endpoint: string) =>
    (
      await db()
        .selectFrom('push_devices as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select('u.username')
        .where('d.endpoint', '=', endpoint)
        .executeTakeFirst()
    )?.username ?? null;
  const devicesOf = (username: string) =>
    db()
      .selectFrom('push_devices as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select('d.endpoint')
      .where('u.username', '=', username)
      .execute();

  it('refuses endpoints aimed at the gateway’s own network with 400 and stores none', async () => {
    const port = new URL(receiver.origin).port;
    const before = (await devicesOf(DANA)).length;
    for (const endpoint of [
      `https://127.0.0.1:${port}/push/x`,
      `https://[::1]:${port}/push/x`,
      `https://0x7f000001:${port}/push/x`,
      `https://2130706433:${port}/push/x`,
      `https://user:pass@127.0.0.1:${port}/push/x`,
      `https://user:pass@localhost:${port}/push/x`,
      'https://localhost:18556/x',
      `https://localhost:${TEST_PORT}/api/v1/health`,
      'https://fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await register(cookies[DANA]!, { endpoint, keys: KEYS });
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(400);
      expect(apiErrorSchema.parse(res.json()).message, endpoint).toMatch(/push endpoint/);
    }
    const res = await register(cookies[DANA]!, { endpoint: 'https://evil.example/x', keys: KEYS });
    expect(apiErrorSchema.parse(res.json()).message).toBe(REFUSED_ENDPOINT_MESSAGE);
    expect(await devicesOf(DANA)).toHaveLength(before);
  });

  it('sends nothing to a push service name that resolves to loopback, nor to a stored address endpoint', async () => {
    const named = receiver.subscribe();
    expect((await register(cookies[DANA]!, named)).statusCode).toBe(201);
    // A device stored before endpoints were checked, aimed at an address.
    const legacy = receiver.subscribe();
    const legacyEndpoint = legacy.endpoint.replace('localhost', '127.0.0.1');
    const dana = await db()
      .selectFrom('users')
      .select(['id', 'contact_id'])
      .where('username', '=', DANA)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('push_devices')
      .values({
        id: 'legacy-device',
        user_id: dana.id,
        contact_id: dana.contact_id,
        platform: 'PWA',
        endpoint: legacyEndpoint,
        p256dh: legacy.keys.p256dh,
        auth: legacy.keys.auth,
      })
      .execute();
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/send',
      headers: { cookie: cookies[ADA]! },
      payload: {
        execute: true,
        conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: 'D10417' }],
        message: {
          type: 'Knowledge',
          title: 'Aimed inside',
          body: 'b',
          knowledgeCategory: 'Bulletins',
          searchTerm: 'axle',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { broadcastId } = sendResponseSchema.parse(res.json());
    await expect
      .poll(
        async () =>
          broadcastListSchema
            .parse(
              (
                await gw.app.inject({
                  url: '/api/v1/notifications/broadcasts',
                  headers: { cookie: cookies[ADA]! },
                })
              ).json(),
            )
            .notifications.find((b) => b.id === broadcastId)?.pending,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(0);
    expect(receiver.received).toEqual([]);
    const errors = await db()
      .selectFrom('push_deliveries')
      .select(['status', 'last_error'])
      .where('broadcast_id', '=', broadcastId!)
      .execute();
    expect(errors.map((e) => e.status)).toEqual(['failed', 'failed']);
    expect(errors.map((e) => e.last_error).join(' ')).toContain('internal addresses');
    // The address endpoint is refused by its form and removed.
    expect(await owner(legacyEndpoint)).toBeNull();
  });

  it(`keeps at most ${MAX_DEVICES_PER_USER} devices per user: a new one replaces the oldest`, async () => {
    const subs = [];
    for (let i = 0; i < MAX_DEVICES_PER_USER + 3; i++) {
      const sub = receiver.subscribe();
      expect((await register(cookies[ELI]!, sub)).statusCode).toBe(201);
      subs.push(sub.endpoint);
    }
    const kept = (await devicesOf(ELI)).map((d) => d.endpoint).sort();
    expect(kept).toEqual(subs.slice(-MAX_DEVICES_PER_USER).sort());
  });

  it('a known endpoint does not take another user’s device; a fresh subscription on that browser does', async () => {
    const sub = receiver.subscribe();
    expect((await register(cookies[DANA]!, sub)).statusCode).toBe(201);
    const taken = await register(cookies[ELI]!, sub);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(apiErrorSchema.parse(taken.json()).message).toBe(DEVICE_TAKEN_MESSAGE);
    expect(await owner(sub.endpoint)).toBe(DANA);
    // One key changed is not enough either way: both came from a fresh subscribe.
    const fresh = receiver.subscribe().keys;
    expect((await register(cookies[ELI]!, { ...sub, keys: fresh })).statusCode).toBe(201);
    expect(await owner(sub.endpoint)).toBe(ELI);
    // Dana, knowing the endpoint and her old keys, cannot take it back.
    expect((await register(cookies[DANA]!, { ...sub, keys: fresh })).statusCode).toBe(409);
    expect(await owner(sub.endpoint)).toBe(ELI);
  });

  it('a sign-out removes the registration of that session only; the next user on the browser gets it', async () => {
    const shared = await signIn(gw.app, DANA);
    const sub = receiver.subscribe();
    const elsewhere = receiver.subscribe();
    expect((await register(shared, sub)).statusCode).toBe(201);
    expect((await register(cookies[DANA]!, elsewhere)).statusCode).toBe(201);
    const out = await gw.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: shared },
    });
    expect(out.statusCode).toBe(204);
    expect(await owner(sub.endpoint)).toBeNull();
    expect(await owner(elsewhere.endpoint)).toBe(DANA);
    expect((await register(cookies[ELI]!, sub)).statusCode).toBe(201);
    expect(await owner(sub.endpoint)).toBe(ELI);
  });
});
