import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MASTER_KEY_SERIAL_DIGITS_MESSAGE,
  MASTER_KEY_SERIAL_LENGTH_MESSAGE,
  MASTER_KEY_SERIAL_REQUIRED_MESSAGE,
  masterKeyResponseSchema,
} from '../../contract/dcu';
import { loadConfig } from '../../gateway/config';
import { deriveMasterKey, loadMasterKeySecret } from '../../gateway/services/master-key';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const LIMIT = 6;

describe('master key settings', () => {
  it('allows 20 lookups per user and hour unless configured', () => {
    expect(loadConfig({}).masterKeyLookupsPerHour).toBe(20);
    expect(loadConfig({ MASTER_KEY_LOOKUPS_PER_HOUR: '3' }).masterKeyLookupsPerHour).toBe(3);
    expect(loadConfig({}).masterKeySecret).toBeNull();
  });

  it('derives an 8-digit key from the serial under the secret', async () => {
    const a = deriveMasterKey('secret-one', '123456');
    expect(a).toMatch(/^\d{8}$/);
    expect(deriveMasterKey('secret-one', '123456')).toBe(a);
    expect(deriveMasterKey('secret-one', '123457')).not.toBe(a);
    expect(deriveMasterKey('secret-two', '123456')).not.toBe(a);
    // A configured secret wins over the stored one (no database needed then).
    const neverUsed = null as never;
    expect(await loadMasterKeySecret(neverUsed, { masterKeySecret: 'from-env' })).toBe('from-env');
  });
});

describe.each(lanes)('master key on $name', (lane) => {
  let gw: TestGateway;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gw = await openGateway(lane, { MASTER_KEY_LOOKUPS_PER_HOUR: String(LIMIT) });
    for (const [name, email] of [
      ['sam', 'sam.staff@torque.example'],
      ['ada', 'ada.admin@torque.example'],
      ['olga', 'olga.oem@torque.example'],
      ['dana', 'dana.tech@northfield.example'],
      ['eli', 'eli.tech@riverbend.example'],
    ] as const) {
      cookies[name] = await signIn(gw.app, email);
      const user = await gw.started.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', email)
        .executeTakeFirstOrThrow();
      ids[name] = user.id;
    }
  });
  afterAll(async () => {
    await gw?.close();
  });

  const lookup = (cookie: string | null, payload: unknown) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/v1/master-key',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  const auditRows = (userId: string, action = 'master-key') =>
    gw.started.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('needs a session', async () => {
    expect((await lookup(null, { serialNumber: '123456' })).statusCode).toBe(401);
  });

  it("answers product §5's three messages verbatim, 400, and counts nothing", async () => {
    const cases: [unknown, string][] = [
      [{ serialNumber: '' }, MASTER_KEY_SERIAL_REQUIRED_MESSAGE],
      [{}, MASTER_KEY_SERIAL_REQUIRED_MESSAGE],
      [{ serialNumber: null }, MASTER_KEY_SERIAL_REQUIRED_MESSAGE],
      [{ serialNumber: '12345' }, MASTER_KEY_SERIAL_LENGTH_MESSAGE],
      [{ serialNumber: '123456789012' }, MASTER_KEY_SERIAL_LENGTH_MESSAGE],
      [{ serialNumber: '9'.repeat(100_000) }, MASTER_KEY_SERIAL_LENGTH_MESSAGE],
      [{ serialNumber: '12345a' }, MASTER_KEY_SERIAL_DIGITS_MESSAGE],
      [{ serialNumber: '123 456' }, MASTER_KEY_SERIAL_DIGITS_MESSAGE],
      [{ serialNumber: '-123456' }, MASTER_KEY_SERIAL_DIGITS_MESSAGE],
      [{ serialNumber: '１２３４５６' }, MASTER_KEY_SERIAL_DIGITS_MESSAGE],
      [{ serialNumber: "1234'; --" }, MASTER_KEY_SERIAL_DIGITS_MESSAGE],
      [{ serialNumber: 123456 }, 'Serial Number must be a string'],
      [{ serialNumber: ['123456'] }, 'Serial Number must be a string'],
      [['123456'], 'The request body must be a JSON object'],
    ];
    for (const [payload, message] of cases) {
      const res = await lookup(cookies.sam!, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message });
    }
    const notJson = await gw.app.inject({
      method: 'POST',
      url: '/api/v1/master-key',
      headers: { cookie: cookies.sam!, 'content-type': 'application/json' },
      payload: '{"serialNumber":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await auditRows(ids.sam!)).toHaveLength(0);
  });

  it('answers Success. with a stable 8-digit key per serial, derived under the stored secret', async () => {
    const first = await lookup(cookies.ada!, { serialNumber: '12345678' });
    expect(first.statusCode).toBe(200);
    const body = masterKeyResponseSchema.parse(first.json());
    expect(body).toEqual({
      status: 'Success.',
      serialNumber: '12345678',
      masterKey: expect.stringMatching(/^\d{8}$/),
    });
    const again = masterKeyResponseSchema.parse(
      (await lookup(cookies.ada!, { serialNumber: '12345678' })).json(),
    );
    expect(again.masterKey).toBe(body.masterKey);
    const other = masterKeyResponseSchema.parse(
      (await lookup(cookies.ada!, { serialNumber: '12345679' })).json(),
    );
    expect(other.masterKey).not.toBe(body.masterKey);
    // The same key for another user: it depends on the serial only.
    const byOlga = masterKeyResponseSchema.parse(
      (await lookup(cookies.olga!, { serialNumber: '12345678' })).json(),
    );
    expect(byOlga.masterKey).toBe(body.masterKey);
    // The secret is kept in the database (every gateway copy uses it), not made per request.
    const secret = await loadMasterKeySecret(gw.started.db.kysely, { masterKeySecret: null });
    expect(deriveMasterKey(secret, '12345678')).toBe(body.masterKey);
    const stored = await gw.started.db.kysely
      .selectFrom('signing_keys')
      .select('kind')
      .where('kind', '=', 'master-key')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('audits who, when and which serial, with the request the real service would get', async () => {
    const before = Date.now();
    const res = await lookup(cookies.sam!, { serialNumber: '87654321' });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(ids.sam!);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.subject).toBe('87654321');
    expect(new Date(row.at).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(new Date(row.at).getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    const account = await gw.started.db.kysely
      .selectFrom('users as u')
      .leftJoin('accounts as a', 'a.id', 'u.account_id')
      .select('a.account_number')
      .where('u.id', '=', ids.sam!)
      .executeTakeFirstOrThrow();
    expect(row.detail).toMatchObject({
      status: 'Success.',
      request: {
        platform: 'torque_android',
        sn: '87654321',
        dealership: account.account_number,
        user: 'sam.staff@torque.example',
      },
    });
    // The key itself is a secret: it is not written to the audit log.
    expect(JSON.stringify(row.detail)).not.toContain(res.json<{ masterKey: string }>().masterKey);
  });

  it('limits lookups per user; a refusal is audited but not counted; others go on', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await lookup(cookies.eli!, { serialNumber: `5550000${i}` });
      expect(res.statusCode, `lookup ${i + 1}`).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const refused = await lookup(cookies.eli!, { serialNumber: '55500099' });
      expect(refused.statusCode).toBe(429);
      // It says when: the oldest counted lookup leaves the hour's window in about an hour.
      expect(refused.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(
          /^Too many master key lookups\. Try again in (59|60) minutes\.$/,
        ),
      });
    }
    expect(await auditRows(ids.eli!)).toHaveLength(LIMIT);
    const refusals = await auditRows(ids.eli!, 'master-key-refused');
    expect(refusals).toHaveLength(3);
    expect(refusals[0]).toMatchObject({ subject: '55500099', detail: { reason: 'rate-limit' } });
    // Another user is not limited by eli's lookups, not even for the same serial.
    expect((await lookup(cookies.olga!, { serialNumber: '55500099' })).statusCode).toBe(200);
    // The window slides: an hour later eli may look up again.
    await gw.started.db.kysely
      .updateTable('audit_log')
      .set({ at: sql<Date>`at - interval '61 minutes'` })
      .where('user_id', '=', ids.eli!)
      .execute();
    expect((await lookup(cookies.eli!, { serialNumber: '55500099' })).statusCode).toBe(200);
  });

  it('parallel lookups cannot slip past the limit together', async () => {
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 4 }, (_, i) =>
        lookup(cookies.dana!, { serialNumber: `6660000${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    expect(await auditRows(ids.dana!)).toHaveLength(LIMIT);
  });
});
