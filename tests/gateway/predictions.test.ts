import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_NOT_FOUND_MESSAGE } from '../../contract/cases';
import {
  casePredictionsResponseSchema,
  PREDICTION_LOAD_FAILED_MESSAGE,
  predictionListResponseSchema,
  predictionSchema,
  type PartsCombination,
} from '../../contract/predictions';
import { MACHINE_1, MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { IDEMPOTENCY_KEY_TTL_DAYS, REPLAYED_HEADER } from '../../gateway/services/idempotency';
import { loadedClaims, type LoadedClaims } from '../../gateway/services/predictions-engine';
import { expectError, openCasesGateway, OPEN_TIMEOUT } from './cases-support';
import { lanes, type TestGateway } from './harness';
import { KNOWN_SYMPTOM, predictionsClient } from './predictions-support';

const DEVICE_ANSWER: PartsCombination[] = [
  {
    causalPart: '3Y211-82140',
    causalPartDescription: 'Seal Kit, Hydraulic Pump',
    requiredParts: [
      { partNumber: '3Y211-82140', description: 'Seal Kit, Hydraulic Pump', quantity: 1 },
      { partNumber: 'HO-46-20L', description: 'Hydraulic Oil 20 L', quantity: 2 },
    ],
    labourHours: 3,
    probability: 0.62,
  },
];

describe.each(lanes)('parts predictions on $name', (lane) => {
  let gw: TestGateway;
  let http: ReturnType<typeof predictionsClient>;
  let dana: string;
  let eli: string;
  let sam: string;

  beforeAll(async () => {
    const opened = await openCasesGateway(lane);
    ({ gw, dana, eli, sam } = opened);
    http = predictionsClient(gw.app);
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  it('answers predictions asked at once while the engine is first built, alike', async () => {
    const made = await Promise.all([dana, eli, sam].map((cookie) => http.made(cookie)));
    expect(new Set(made.map((p) => p.id)).size).toBe(3);
    expect(made[1]!.combinations).toEqual(made[0]!.combinations);
    expect(made[2]!.combinations).toEqual(made[0]!.combinations);
  });

  it("starts the engine's thread again when it ends: the next prediction is answered alike", async () => {
    const before = await http.made(dana);
    // The engine as loaded holds its thread's stop; ending the thread here stands for a fault.
    const engine = (await loadedClaims(gw.started.db.kysely)) as LoadedClaims & { stop(): void };
    engine.stop();
    const asked = () =>
      engine.predict({ model: 'M7-172', symptom: KNOWN_SYMPTOM }, 3).then(
        () => 'answered',
        (err: Error) => err.message,
      );
    await expect.poll(asked).toBe('The prediction engine stopped');
    const after = await http.made(dana);
    expect(after.id).not.toBe(before.id);
    expect(after.combinations).toEqual(before.combinations);
    expect(await loadedClaims(gw.started.db.kysely)).not.toBe(engine);
  });

  it('ranks on the gateway: named, for the machine, best answer first, probabilities in [0, 1]', async () => {
    const key = randomUUID();
    const body = { modelNumber: 'm7-172', serialNumber: MACHINE_1.serial, symptom: KNOWN_SYMPTOM };
    const res = await http.create(dana, body, key);
    expect(res.statusCode, res.body).toBe(201);
    const made = predictionSchema.parse(res.json());
    expect(made.name).toMatch(/^PPD-\d{6}$/);
    expect(made).toMatchObject({
      modelNumber: MACHINE_1.model,
      serialNumber: MACHINE_1.serial,
      symptom: KNOWN_SYMPTOM,
      rankedOn: 'gateway',
      caseId: null,
      caseNumber: null,
    });
    expect(made.createdBy).toMatch(/^Dana /);
    expect(made.combinations.length).toBeGreaterThan(0);
    expect(made.combinations.length).toBeLessThanOrEqual(5);
    const probabilities = made.combinations.map((c) => c.probability);
    for (const p of probabilities) expect(p).toBeGreaterThanOrEqual(0);
    for (const p of probabilities) expect(p).toBeLessThanOrEqual(1);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));

    // The outbox sends it again: the same record, not a second one.
    const again = await http.create(dana, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json().id).toBe(made.id);
  });

  it("ranks a device's request again: its answer is kept as what the technician saw, its time clamped", async () => {
    const symptom = 'Oil under the pump after work';
    const online = await http.made(dana, { symptom });
    const rankedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const made = await http.made(dana, {
      symptom,
      deviceAnswer: { combinations: DEVICE_ANSWER, rankedAt },
    });
    expect(made.rankedOn).toBe('device');
    expect(made.createdAt).toBe(rankedAt);
    expect(made.combinations).toEqual(online.combinations);
    const stored = await gw.started.db.kysely
      .selectFrom('predictions')
      .select(['combinations', 'device_combinations'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored.device_combinations).toEqual(DEVICE_ANSWER);
    expect(stored.combinations).toEqual(online.combinations);
  });

  it("never takes a forged device answer or date as the record's", async () => {
    const forged: PartsCombination[] = [
      {
        causalPart: 'FAKE-1',
        causalPartDescription: 'Not a part',
        requiredParts: [{ partNumber: 'FAKE-1', description: 'Not a part', quantity: 99 }],
        labourHours: 0,
        probability: 0.99,
      },
    ];
    const online = await http.made(dana);
    const asked = Date.now();
    const old = await http.made(dana, {
      deviceAnswer: { combinations: forged, rankedAt: '2001-01-01T00:00:00Z' },
    });
    expect(old.combinations).toEqual(online.combinations);
    expect(JSON.stringify(old)).not.toContain('FAKE-1');
    // At most as old as a queued write can be (its key is kept 30 days), never in the future.
    const oldest = asked - IDEMPOTENCY_KEY_TTL_DAYS * 86_400_000;
    expect(Date.parse(old.createdAt)).toBeGreaterThanOrEqual(oldest - 1_000);
    expect(Date.parse(old.createdAt)).toBeLessThanOrEqual(oldest + 60_000);
    const ahead = await http.made(dana, {
      deviceAnswer: { combinations: forged, rankedAt: '2099-01-01T00:00:00Z' },
    });
    expect(Date.parse(ahead.createdAt)).toBeGreaterThanOrEqual(asked - 1_000);
    expect(Date.parse(ahead.createdAt)).toBeLessThanOrEqual(Date.now());
    // Listed with the others by that date, not among records of 2001.
    const list = predictionListResponseSchema.parse(
      (await http.get('/api/v1/predictions', dana)).json(),
    ).predictions;
    expect(list.every((p) => p.createdAt >= new Date(oldest - 1_000).toISOString())).toBe(true);
  });

  it("lists the user's own predictions newest first, and shows one by id", async () => {
    const first = await http.made(dana, { symptom: 'Loader lowers slowly when warm' });
    const second = await http.made(dana, { symptom: 'Regen requested every 2 hrs' });
    const list = predictionListResponseSchema.parse(
      (await http.get('/api/v1/predictions', dana)).json(),
    );
    const ids = list.predictions.map((p) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    const dates = list.predictions.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.predictions.find((p) => p.id === second.id)).toEqual({
      id: second.id,
      name: second.name,
      symptom: 'Regen requested every 2 hrs',
      createdAt: second.createdAt,
      modelNumber: MACHINE_1.model,
      serialNumber: MACHINE_1.serial,
      caseId: null,
    });
    // Mine: another user's predictions are not in my list, an internal user's included.
    const samList = (await http.get('/api/v1/predictions', sam)).json();
    expect(JSON.stringify(samList)).not.toContain(second.id);

    const detail = await http.get(`/api/v1/predictions/${second.id}`, dana);
    expect(detail.statusCode).toBe(200);
    expect(predictionSchema.parse(detail.json())).toEqual(second);
  });

  it('links a prediction to a case, idempotently, and lists it with the case', async () => {
    const made = await http.made(dana);
    const caseId = MACHINE_1_CASES.northfieldOpen;
    const key = randomUUID();
    const linked = await http.link(dana, made.id, caseId, key);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: made.id, caseId, caseNumber: '00001001' });
    // The same write replayed, and the same link sent again as a new write: one record.
    const replayed = await http.link(dana, made.id, caseId, key);
    expect(replayed.headers[REPLAYED_HEADER]).toBe('true');
    const again = await http.link(dana, made.id, caseId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(linked.json());

    // Made from a case: linked as it is created.
    const fromCase = await http.made(dana, { caseId, symptom: 'Pump whines under load' });
    expect(fromCase.caseId).toBe(caseId);

    const res = await http.get(`/api/v1/cases/${caseId}/predictions`, dana);
    expect(res.statusCode, res.body).toBe(200);
    const ids = casePredictionsResponseSchema.parse(res.json()).predictions.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([made.id, fromCase.id]));
    expect(ids.indexOf(fromCase.id)).toBeLessThan(ids.indexOf(made.id));
  });

  it("answers another dealer's prediction 404 by every path; internal users reach every one", async () => {
    const danas = await http.made(dana);
    const northfieldCase = MACHINE_1_CASES.northfieldOpen;
    expect((await http.link(dana, danas.id, northfieldCase)).statusCode).toBe(200);
    const notFound = (res: Awaited<ReturnType<typeof http.get>>) =>
      expectError(res, 404, PREDICTION_LOAD_FAILED_MESSAGE);

    notFound(await http.get(`/api/v1/predictions/${danas.id}`, eli));
    notFound(await http.link(eli, danas.id, MACHINE_1_CASES.riverbend));
    expectError(
      await http.get(`/api/v1/cases/${northfieldCase}/predictions`, eli),
      404,
      CASE_NOT_FOUND_MESSAGE,
    );
    const eliList = await http.get('/api/v1/predictions', eli);
    expect(eliList.statusCode).toBe(200);
    expect(eliList.body).not.toContain(danas.id);
    // eli's own case lists only what eli may see: dana's prediction is not there either.
    await http.made(eli, { caseId: MACHINE_1_CASES.riverbend });
    const riverbend = await http.get(`/api/v1/cases/${MACHINE_1_CASES.riverbend}/predictions`, eli);
    expect(riverbend.statusCode).toBe(200);
    expect(riverbend.body).not.toContain(danas.id);

    // A dealer cannot link to another organisation's case, nor to a report.
    expectError(
      await http.link(dana, danas.id, MACHINE_1_CASES.riverbend),
      404,
      CASE_NOT_FOUND_MESSAGE,
    );
    expectError(
      await http.link(dana, danas.id, MACHINE_1_CASES.northfieldReport),
      404,
      CASE_NOT_FOUND_MESSAGE,
    );
    expectError(
      await http.create(dana, {
        modelNumber: MACHINE_1.model,
        serialNumber: MACHINE_1.serial,
        symptom: KNOWN_SYMPTOM,
        caseId: MACHINE_1_CASES.riverbend,
      }),
      404,
      CASE_NOT_FOUND_MESSAGE,
    );

    // Internal users: every prediction, by id and with its case.
    expect((await http.get(`/api/v1/predictions/${danas.id}`, sam)).statusCode).toBe(200);
    const samCase = await http.get(`/api/v1/cases/${northfieldCase}/predictions`, sam);
    expect(samCase.body).toContain(danas.id);
    // Linked by staff to another dealer's case: dana still sees her prediction, not that case.
    const relinked = await http.link(sam, danas.id, MACHINE_1_CASES.riverbend);
    expect(relinked.json().caseId).toBe(MACHINE_1_CASES.riverbend);
    const seen = predictionSchema.parse(
      (await http.get(`/api/v1/predictions/${danas.id}`, dana)).json(),
    );
    expect(seen).toMatchObject({ caseId: null, caseNumber: null });
  });
});
