import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dcuPairingHistorySchema,
  dcuPairingResultSchema,
  dcuStatusSchema,
  ENGINE_HOURS_MESSAGE,
  IMEI_INVALID_MESSAGE,
  IMEI_LENGTH_MESSAGE,
} from '../../contract/dcu';
import { apiErrorSchema } from '../../contract/errors';
import { ALREADY_PAIRED_MESSAGE } from '../../gateway/services/dcu';
import { REPLAYED_HEADER } from '../../gateway/services/idempotency';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const PAIRED_IMEI = '356938035643809';
const NEVER_REPORTED_IMEI = '353456789012345';
const UNKNOWN_IMEI = '111111111111111';
const free = (n: number) => `35800000000000${n}`;
const m5 = (serial: string) => ({
  serialNumber: serial,
  modelNumber: 'M5-111',
  pin: `KBCM5111TNP0${serial}`,
  dcuPartNumber: 'DCU-4G-200',
  usageHours: '1234.5',
});

describe.each(lanes)('DCU pairing on $name', (lane) => {
  let gw: TestGateway;
  let sam: string;
  let dana: string;
  let eli: string;

  beforeAll(async () => {
    gw = await openGateway(lane);
    sam = await signIn(gw.app, 'sam.staff@torque.example');
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
    eli = await signIn(gw.app, 'eli.tech@riverbend.example');
  });
  afterAll(async () => {
    await gw?.close();
  });

  const db = () => gw.started.db.kysely;
  const get = (url: string, cookie: string | null) =>
    gw.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const pair = (cookie: string | null, payload: unknown, key?: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/v1/dcu/pairings',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: payload as object,
    });
  const machineImei = async (id: string) =>
    (
      await db()
        .selectFrom('machines')
        .select('imei')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).imei;
  const pairingsOf = (imei: string) =>
    db().selectFrom('dcu_pairings').selectAll().where('imei', '=', imei).execute();

  function expectRefusal(
    res: Awaited<ReturnType<typeof pair>>,
    status: number,
    errorCode: string,
    message: string,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      statusCode: status,
      errorCode,
      message,
    });
  }

  describe('GET /api/v1/dcu/:imei', () => {
    it('needs a session', async () => {
      expect((await get(`/api/v1/dcu/${free(1)}`, null)).statusCode).toBe(401);
    });

    it('answers the part number and the last report (internal and external users)', async () => {
      for (const cookie of [dana, sam]) {
        const res = await get(`/api/v1/dcu/${free(1)}`, cookie);
        expect(res.statusCode).toBe(200);
        expect(dcuStatusSchema.parse(res.json())).toEqual({
          imei: free(1),
          type: 'DCU-4G-200',
          lastReportedAt: '2026-11-15T08:00:00.000Z',
        });
      }
      expect((await get(`/api/v1/dcu/${PAIRED_IMEI}`, dana)).json()).toEqual({
        imei: PAIRED_IMEI,
        type: 'DCU-4G-200',
        lastReportedAt: '2026-11-01T14:30:00.000Z',
      });
      expect((await get(`/api/v1/dcu/${NEVER_REPORTED_IMEI}`, dana)).json()).toEqual({
        imei: NEVER_REPORTED_IMEI,
        type: 'DCU-3G-100',
        lastReportedAt: null,
      });
    });

    it("an unknown IMEI is a 404 'imei-unknown' with product §8's message", async () => {
      expectRefusal(
        await get(`/api/v1/dcu/${UNKNOWN_IMEI}`, dana),
        404,
        'imei-unknown',
        IMEI_INVALID_MESSAGE,
      );
    });

    it("anything but 15 digits is a 400 'IMEI must be 15 char long'", async () => {
      for (const imei of [
        '35800000000000',
        '3580000000000012',
        '35800000000000a',
        'abcdefghijklmno',
        '358000000000%201',
        '%20358000000000001',
        '-35800000000001',
        '3'.repeat(400),
        '358000000000001%27%20OR%201=1',
      ]) {
        const res = await get(`/api/v1/dcu/${imei}`, dana);
        expect(res.statusCode, imei).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, message: IMEI_LENGTH_MESSAGE });
      }
      // Longer than the router's parameter limit: still a client error, never a 500.
      const huge = await get(`/api/v1/dcu/${'3'.repeat(5000)}`, dana);
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
    });

    it('every machine with an IMEI has its unit', async () => {
      const orphans = await db()
        .selectFrom('machines as m')
        .leftJoin('dcu_units as u', 'u.imei', 'm.imei')
        .select('m.id')
        .where('m.imei', 'is not', null)
        .where('u.imei', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
      expect(await machineImei('INV-M7172-52016')).toBe(PAIRED_IMEI);
    });
  });

  describe('POST /api/v1/dcu/pairings', () => {
    it('needs a session', async () => {
      expect((await pair(null, { ...m5('41876'), imeiNumber: free(9) })).statusCode).toBe(401);
    });

    it('pairs a free unit with a machine by serial and model: 201, machine updated, audited', async () => {
      const before = Date.now();
      const res = await pair(dana, { ...m5('41878'), imeiNumber: free(2) }, randomUUID());
      expect(res.statusCode, res.body).toBe(201);
      const result = dcuPairingResultSchema.parse(res.json());
      expect(result).toMatchObject({
        imeiNumber: free(2),
        serialNumber: '41878',
        modelNumber: 'M5-111',
      });
      expect(new Date(result.pairedAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(await machineImei('INV-M5111-41878')).toBe(free(2));
      const rows = await pairingsOf(free(2));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: result.pairingId,
        machine_id: 'INV-M5111-41878',
        usage_hours: '1234.5',
        pin: 'KBCM5111TNP041878',
        dcu_part_number: 'DCU-4G-200',
      });
      const audit = await db()
        .selectFrom('audit_log as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select(['a.subject', 'a.detail', 'u.username'])
        .where('a.action', '=', 'dcu-pairing')
        .where('a.subject', '=', free(2))
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({
          username: 'dana.tech@northfield.example',
          detail: expect.objectContaining({ pairingId: result.pairingId, previousImei: null }),
        }),
      ]);
    });

    it('finds the machine by PIN when serial and model do not match, model in any case', async () => {
      const byPin = await pair(dana, {
        ...m5('41879'),
        serialNumber: '99999',
        imeiNumber: free(5),
      });
      expect(byPin.statusCode, byPin.body).toBe(201);
      expect(byPin.json()).toMatchObject({ serialNumber: '41879', modelNumber: 'M5-111' });
      expect(await machineImei('INV-M5111-41879')).toBe(free(5));
      const lower = await pair(sam, { ...m5('41879'), modelNumber: 'm5-111', imeiNumber: free(5) });
      expect(lower.statusCode, lower.body).toBe(201);
    });

    it('pairing a unit again with its own machine succeeds and adds a history row', async () => {
      const again = await pair(sam, { ...m5('41878'), imeiNumber: free(2), usageHours: '1300' });
      expect(again.statusCode, again.body).toBe(201);
      expect(await pairingsOf(free(2))).toHaveLength(2);
      expect(await machineImei('INV-M5111-41878')).toBe(free(2));
    });

    it('a new unit on a machine frees its previous unit', async () => {
      expect((await pair(dana, { ...m5('41880'), imeiNumber: free(3) })).statusCode).toBe(201);
      const moved = await pair(dana, { ...m5('41880'), imeiNumber: free(4) });
      expect(moved.statusCode).toBe(201);
      expect(await machineImei('INV-M5111-41880')).toBe(free(4));
      const audit = await db()
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'dcu-pairing')
        .where('subject', '=', free(4))
        .executeTakeFirstOrThrow();
      expect(audit.detail).toMatchObject({ previousImei: free(3) });
      // The freed unit pairs elsewhere without an 'already-paired' refusal.
      expect((await pair(dana, { ...m5('41876'), imeiNumber: free(3) })).statusCode).toBe(201);
      expect(await machineImei('INV-M5111-41876')).toBe(free(3));
    });

    it("a unit paired with another machine is refused: 409 'already-paired', nothing changes", async () => {
      const res = await pair(dana, { ...m5('41877'), imeiNumber: PAIRED_IMEI });
      expectRefusal(res, 409, 'already-paired', ALREADY_PAIRED_MESSAGE);
      expect(await machineImei('INV-M5111-41877')).toBeNull();
      expect(await machineImei('INV-M7172-52016')).toBe(PAIRED_IMEI);
      expect(
        (await pairingsOf(PAIRED_IMEI)).filter((p) => p.machine_id === 'INV-M5111-41877'),
      ).toEqual([]);
    });

    it("an unknown unit is refused: 404 'imei-unknown'", async () => {
      const res = await pair(dana, { ...m5('41877'), imeiNumber: UNKNOWN_IMEI });
      expectRefusal(res, 404, 'imei-unknown', IMEI_INVALID_MESSAGE);
      expect(await machineImei('INV-M5111-41877')).toBeNull();
    });

    it("an unknown machine is refused: 404 'machine-not-found', 'Machine Not Found'", async () => {
      for (const body of [
        { ...m5('00000'), pin: '', imeiNumber: free(6) },
        { ...m5('00000'), pin: 'KBCM5111TNP000000', imeiNumber: free(6) },
        { ...m5('41877'), modelNumber: 'M7-172', pin: '', imeiNumber: free(6) },
      ]) {
        expectRefusal(await pair(dana, body), 404, 'machine-not-found', 'Machine Not Found');
      }
      expect(await pairingsOf(free(6))).toEqual([]);
    });

    it('a replay with the same Idempotency-Key is applied once and answered the same', async () => {
      const key = randomUUID();
      const body = { ...m5('41877'), imeiNumber: free(7) };
      const first = await pair(dana, body, key);
      expect(first.statusCode, first.body).toBe(201);
      const second = await pair(dana, body, key);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers[REPLAYED_HEADER]).toBe('true');
      expect(await pairingsOf(free(7))).toHaveLength(1);
      // The same key from eli: refused, nothing applied.
      const stolen = await pair(eli, body, key);
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json()).toMatchObject({ errorCode: 'idempotency-key-conflict' });
      expect(await pairingsOf(free(7))).toHaveLength(1);
    });

    it('an already-paired refusal is stored with its key and replayed the same', async () => {
      const key = randomUUID();
      const body = { ...m5('41877'), imeiNumber: PAIRED_IMEI };
      const first = await pair(dana, body, key);
      expectRefusal(first, 409, 'already-paired', ALREADY_PAIRED_MESSAGE);
      const replay = await pair(dana, body, key);
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toEqual(first.json());
      expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    });

    it('two pairings of one free unit racing for two machines: one wins, one is refused', async () => {
      const [a, b] = await Promise.all([
        pair(dana, { ...m5('41877'), imeiNumber: free(8) }, randomUUID()),
        pair(sam, { ...m5('41879'), imeiNumber: free(8) }, randomUUID()),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toMatchObject({ errorCode: 'already-paired' });
      const holders = await db()
        .selectFrom('machines')
        .select('id')
        .where('imei', '=', free(8))
        .execute();
      expect(holders).toHaveLength(1);
      expect(await pairingsOf(free(8))).toHaveLength(1);
    });

    it('bad input of every kind is a 400 with a readable message, never a 500', async () => {
      const good = { ...m5('41877'), imeiNumber: free(9) };
      const bad: [string, unknown, RegExp | string][] = [
        ['imei letters', { ...good, imeiNumber: '35800000000000a' }, IMEI_LENGTH_MESSAGE],
        ['imei short', { ...good, imeiNumber: '35800000000000' }, IMEI_LENGTH_MESSAGE],
        ['imei long', { ...good, imeiNumber: '3580000000000091' }, IMEI_LENGTH_MESSAGE],
        ['imei number', { ...good, imeiNumber: 358000000000009 }, /imeiNumber/],
        ['hours empty', { ...good, usageHours: '' }, ENGINE_HOURS_MESSAGE],
        ['hours letters', { ...good, usageHours: '12a' }, ENGINE_HOURS_MESSAGE],
        ['hours 9 chars', { ...good, usageHours: '123456789' }, ENGINE_HOURS_MESSAGE],
        ['hours trailing dot', { ...good, usageHours: '12.' }, ENGINE_HOURS_MESSAGE],
        ['hours leading dot', { ...good, usageHours: '.5' }, ENGINE_HOURS_MESSAGE],
        ['hours negative', { ...good, usageHours: '-1' }, ENGINE_HOURS_MESSAGE],
        ['hours exponent', { ...good, usageHours: '1e5' }, ENGINE_HOURS_MESSAGE],
        ['hours two dots', { ...good, usageHours: '1.2.3' }, ENGINE_HOURS_MESSAGE],
        ['hours space', { ...good, usageHours: ' 12' }, ENGINE_HOURS_MESSAGE],
        ['hours number', { ...good, usageHours: 12 }, /usageHours/],
        ['no serial', { ...good, serialNumber: undefined }, /serialNumber/],
        ['blank serial', { ...good, serialNumber: '   ' }, /serialNumber/],
        ['no model', { ...good, modelNumber: undefined }, /modelNumber/],
        ['no part number', { ...good, dcuPartNumber: undefined }, /dcuPartNumber/],
        ['no imei', { ...good, imeiNumber: undefined }, /imeiNumber/],
        ['no hours', { ...good, usageHours: undefined }, /usageHours/],
        ['serial array', { ...good, serialNumber: ['41877'] }, /serialNumber/],
        ['huge serial', { ...good, serialNumber: '4'.repeat(100_000) }, /serialNumber/],
        ['huge pin', { ...good, pin: 'K'.repeat(100_000) }, /pin/],
        ['body array', [good], /expected object/i],
        ['body string', 'pair please', /./],
        ['empty object', {}, /./],
      ];
      for (const [what, payload, message] of bad) {
        const res = await pair(dana, payload, randomUUID());
        expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(apiErrorSchema.parse(res.json()).message, what).toMatch(message);
      }
      const notJson = await gw.app.inject({
        method: 'POST',
        url: '/api/v1/dcu/pairings',
        headers: { cookie: dana, 'content-type': 'application/json' },
        payload: '{"imeiNumber": "35800',
      });
      expect(notJson.statusCode).toBe(400);
      const noBody = await gw.app.inject({
        method: 'POST',
        url: '/api/v1/dcu/pairings',
        headers: { cookie: dana },
      });
      expect(noBody.statusCode).toBe(400);
      const tooLarge = await pair(dana, { ...good, pin: 'K'.repeat(2_000_000) });
      expect(tooLarge.statusCode).toBe(413);
      const badKey = await pair(dana, good, 'not a key!');
      expect(badKey.statusCode).toBe(400);
      expect(await pairingsOf(free(9))).toEqual([]);
      // 8 characters with decimals are fine: the same unit then pairs.
      const ok = await pair(dana, { ...good, usageHours: '12345.67' }, randomUUID());
      expect(ok.statusCode, ok.body).toBe(201);
    });
  });

  describe("POST /api/v1/dcu/pairings and another dealer's machine", () => {
    // Units and a machine of this block's own, so the order of the other tests does not matter.
    const unit = (n: number) => `35900000000000${n}`;
    beforeAll(async () => {
      await db()
        .insertInto('dcu_units')
        .values([1, 2, 3, 4].map((n) => ({ imei: unit(n), part_number: 'DCU-4G-200' })))
        .execute();
      await db()
        .insertInto('machines')
        .values({
          id: 'INV-F3990-90001',
          serial_number: '90001',
          material_number: 'F3990',
          pin: 'KBCF3990XXX090001',
          imei: null,
          servicing_dealer_id: null,
          description: 'F3990 Front Mower',
          model_family: 'Mower',
          customer_id: null,
        })
        .execute();
    });
    const riverbend = { serialNumber: '70531', modelNumber: 'L3560', pin: '' };
    const body = (machine: object, imei: string) => ({
      ...machine,
      imeiNumber: imei,
      dcuPartNumber: 'DCU-4G-200',
      usageHours: '10',
    });

    it("a dealer's user cannot pair another dealer's machine: 404 like an unknown machine", async () => {
      const res = await pair(dana, body(riverbend, unit(1)), randomUUID());
      expectRefusal(res, 404, 'machine-not-found', 'Machine Not Found');
      // Found by PIN instead of serial: the same refusal.
      const byPin = await pair(
        dana,
        body({ serialNumber: '1', modelNumber: 'X', pin: 'KBCL3560HDC070531' }, unit(1)),
      );
      expectRefusal(byPin, 404, 'machine-not-found', 'Machine Not Found');
      expect(await machineImei('INV-L3560-70531')).toBeNull();
      expect(await pairingsOf(unit(1))).toEqual([]);
    });

    it("the servicing dealer's users and internal users may pair it", async () => {
      expect((await pair(eli, body(riverbend, unit(1)))).statusCode).toBe(201);
      expect(await machineImei('INV-L3560-70531')).toBe(unit(1));
      expect((await pair(sam, body(riverbend, unit(2)))).statusCode).toBe(201);
      expect(await machineImei('INV-L3560-70531')).toBe(unit(2));
    });

    it('a machine no dealer services may be paired by any user', async () => {
      const mower = { serialNumber: '90001', modelNumber: 'F3990', pin: '' };
      expect((await pair(dana, body(mower, unit(3)))).statusCode).toBe(201);
      expect((await pair(eli, body(mower, unit(4)))).statusCode).toBe(201);
      expect(await machineImei('INV-F3990-90001')).toBe(unit(4));
    });
  });

  describe('GET /api/v1/dcu/:imei/pairings', () => {
    it('needs a session; validates the IMEI; 404 for an unknown unit', async () => {
      expect((await get(`/api/v1/dcu/${free(2)}/pairings`, null)).statusCode).toBe(401);
      const bad = await get('/api/v1/dcu/12345/pairings', dana);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: IMEI_LENGTH_MESSAGE });
      expectRefusal(
        await get(`/api/v1/dcu/${UNKNOWN_IMEI}/pairings`, dana),
        404,
        'imei-unknown',
        IMEI_INVALID_MESSAGE,
      );
    });

    it('internal users see every pairing, newest first', async () => {
      const res = await get(`/api/v1/dcu/${free(2)}/pairings`, sam);
      expect(res.statusCode).toBe(200);
      const { pairings } = dcuPairingHistorySchema.parse(res.json());
      expect(pairings).toHaveLength(2);
      expect(pairings.every((p) => p.serialNumber === '41878' && p.imeiNumber === free(2))).toBe(
        true,
      );
      expect(pairings[0]!.pairedAt >= pairings[1]!.pairedAt).toBe(true);
      // The seeded pairing of machine 1 predates Torque and is part of the history.
      const seeded = dcuPairingHistorySchema.parse(
        (await get(`/api/v1/dcu/${PAIRED_IMEI}/pairings`, sam)).json(),
      ).pairings;
      expect(seeded).toEqual([
        expect.objectContaining({ serialNumber: '52016', modelNumber: 'M7-172' }),
      ]);
    });

    it("dealer users see their own organisation's pairings only", async () => {
      // dana paired free(2) first, sam (internal) paired it again.
      const forDana = dcuPairingHistorySchema.parse(
        (await get(`/api/v1/dcu/${free(2)}/pairings`, dana)).json(),
      ).pairings;
      expect(forDana).toHaveLength(1);
      const forEli = await get(`/api/v1/dcu/${free(2)}/pairings`, eli);
      expect(forEli.statusCode).toBe(200);
      expect(dcuPairingHistorySchema.parse(forEli.json()).pairings).toEqual([]);
      // A unit nobody paired yet: an empty history, not an error.
      expect(
        dcuPairingHistorySchema.parse((await get(`/api/v1/dcu/${free(1)}/pairings`, dana)).json()),
      ).toEqual({ pairings: [] });
    });
  });
});
