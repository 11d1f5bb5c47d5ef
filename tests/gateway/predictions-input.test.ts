import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_NOT_FOUND_MESSAGE } from '../../contract/cases';
import { MACHINE_NOT_FOUND_MESSAGE } from '../../contract/machines';
import {
  CLAIMS_BUNDLE_MODELS_MAX,
  claimsBundleSchema,
  PREDICTION_LOAD_FAILED_MESSAGE,
  SYMPTOM_MAX,
  SYMPTOM_REQUIRED_MESSAGE,
  SYMPTOM_TOO_LONG_MESSAGE,
} from '../../contract/predictions';
import { sql } from 'kysely';
import { MACHINE_1, MACHINE_2 } from '../../gateway/seed/fixed-machines';
import { expectError, openCasesGateway, OPEN_TIMEOUT } from './cases-support';
import { lanes, type TestGateway } from './harness';
import { addClaimsOnMachine1, KNOWN_SYMPTOM, predictionsClient } from './predictions-support';

describe.each(lanes)('prediction claims and bad input on $name', (lane) => {
  let gw: TestGateway;
  let http: ReturnType<typeof predictionsClient>;
  let dana: string;

  beforeAll(async () => {
    const opened = await openCasesGateway(lane);
    ({ gw, dana } = opened);
    http = predictionsClient(gw.app);
    // A claim whose causal part no other claim names, before the engine first learns.
    await addClaimsOnMachine1(gw.started.db.kysely, [
      {
        claimNumber: 'CLM-LONELY-1',
        date: '2019-03-07',
        symptom: 'Cab door hinge cracked, lonely',
        defect: 'cracked',
        causalPart: 'LONELY-1',
        causalPartDescription: 'Hinge',
        parts: [{ partNumber: 'LONELY-KIT-77', description: 'Kit', quantity: 3 }],
        labourHours: '13.25',
      },
    ]);
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  it('sends statistics of the models asked for and their families, with the calibration and an ETag', async () => {
    const url = `/api/v1/predictions/claims?models=${MACHINE_1.model},${MACHINE_2.model},${MACHINE_1.model.toLowerCase()}`;
    const res = await http.get(url, dana);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = claimsBundleSchema.parse(res.json());
    expect(bundle.models).toEqual([MACHINE_2.model, MACHINE_1.model.toLowerCase()].sort());
    const models = bundle.evidence.map((e) => e.model);
    expect(models).toEqual(expect.arrayContaining([MACHINE_2.model, MACHINE_1.model]));
    const m7 = bundle.evidence.find((e) => e.model === MACHINE_1.model)!;
    // The known symptom is there as its words, in alphabetical order, with how often written.
    const words = KNOWN_SYMPTOM.toLowerCase().split(' ').sort().join(' ');
    expect(m7.parts.some((p) => p.texts.includes(words))).toBe(true);
    expect(m7.terms.length).toBe(m7.df.length);
    expect(bundle.claims).toBeGreaterThan(m7.claims);
    expect(bundle.calibration.scores.length).toBe(bundle.calibration.probabilities.length);

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"claims-/);
    const cached = await http.get(url, dana, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    // Another set of models is another bundle.
    const other = await http.get(`/api/v1/predictions/claims?models=${MACHINE_2.model}`, dana);
    expect(other.headers.etag).not.toBe(etag);

    const unknown = await http.get('/api/v1/predictions/claims?models=NO-SUCH', dana);
    expect(unknown.statusCode).toBe(200);
    expect(claimsBundleSchema.parse(unknown.json()).evidence).toEqual([]);
    expect((await http.get(url, null)).statusCode).toBe(401);
  });

  it("gives back no claim's date, number, serial, dealer, parts or labour, for any model", async () => {
    const db = gw.started.db.kysely;
    const claims = await db
      .selectFrom('machine_claims as k')
      .innerJoin('machines as m', 'm.id', 'k.machine_id')
      .select([
        sql<string>`to_char(k.date_of_repair, 'YYYY-MM-DD')`.as('date'),
        'k.claim_number',
        'k.dealer_id',
        'm.serial_number',
        'm.material_number',
      ])
      .execute();
    const models = [...new Set(claims.map((c) => c.material_number))].slice(0, 50);
    const res = await http.get(`/api/v1/predictions/claims?models=${models.join(',')}`, dana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    for (const c of claims) {
      expect(res.body).not.toContain(c.claim_number);
      expect(res.body).not.toContain(`"${c.serial_number}"`);
      if (c.dealer_id) expect(res.body).not.toContain(c.dealer_id);
    }
    // The claim of a part no other claim names: its parts and labour are nowhere.
    expect(res.body).toContain('"cab cracked door hinge lonely"');
    expect(res.body).not.toContain('LONELY-KIT-77');
    expect(res.body).not.toContain('13.25');
    const bundle = claimsBundleSchema.parse(res.json());
    const lonely = bundle.evidence
      .flatMap((e) => e.parts)
      .find((p) => p.causalPart === 'LONELY-1')!;
    expect(lonely).toMatchObject({ claims: 1, requiredParts: [], labourHours: null });
    // Labour is a median of three claims or more, never one claim's hours.
    for (const part of bundle.evidence.flatMap((e) => e.parts)) {
      if (part.labourHours !== null) expect(Number.isInteger(part.labourHours)).toBe(true);
      expect(part.texts.length).toBe(part.counts.length);
    }
  });

  it('refuses a bundle of no models, too many models or an over-long list', async () => {
    const many = Array.from({ length: CLAIMS_BUNDLE_MODELS_MAX + 1 }, (_, i) => `M-${i}`);
    for (const models of [',, ,', many.join(','), 'x'.repeat(41), 'A,'.repeat(5_000)]) {
      const res = await http.get(`/api/v1/predictions/claims?models=${models}`, dana);
      expectError(res, 400);
    }
    expectError(await http.get('/api/v1/predictions/claims', dana), 400);
    expectError(await http.get('/api/v1/predictions/claims?models=A&models=B', dana), 400);
  });

  it('refuses a missing, blank or over-long symptom with the screen messages', async () => {
    const body = { modelNumber: MACHINE_1.model, serialNumber: MACHINE_1.serial };
    for (const symptom of [undefined, '', '   ']) {
      const res = await http.create(dana, { ...body, symptom });
      expect(expectError(res, 400).message).toContain(SYMPTOM_REQUIRED_MESSAGE);
    }
    const long = await http.create(dana, { ...body, symptom: 'x'.repeat(SYMPTOM_MAX + 1) });
    expect(expectError(long, 400).message).toContain(SYMPTOM_TOO_LONG_MESSAGE);
    // At the limit it is accepted.
    expect(
      (await http.create(dana, { ...body, symptom: 'y'.repeat(SYMPTOM_MAX) })).statusCode,
    ).toBe(201);
  });

  it('answers an unknown machine 404 and bad ids 400 or 404, never 500', async () => {
    expectError(
      await http.create(dana, { modelNumber: 'M7-172', serialNumber: '99999', symptom: 'x' }),
      404,
      MACHINE_NOT_FOUND_MESSAGE,
    );
    expectError(
      await http.create(dana, {
        modelNumber: MACHINE_1.model,
        serialNumber: MACHINE_1.serial,
        symptom: KNOWN_SYMPTOM,
        caseId: '500999999999999999',
      }),
      404,
      CASE_NOT_FOUND_MESSAGE,
    );
    expectError(await http.create(dana, { modelNumber: MACHINE_1.model }), 400);
    expectError(
      await http.create(dana, {
        modelNumber: MACHINE_1.model,
        serialNumber: MACHINE_1.serial,
        symptom: 'x',
        deviceAnswer: { combinations: [{ causalPart: 'P', probability: 2 }], rankedAt: 'soon' },
      }),
      400,
    );
    for (const id of ['not-a-uuid', '1', "'; DROP TABLE predictions; --", 'a'.repeat(300)]) {
      const path = encodeURIComponent(id);
      expectError(
        await http.get(`/api/v1/predictions/${path}`, dana),
        400,
        PREDICTION_LOAD_FAILED_MESSAGE,
      );
      expectError(await http.link(dana, path, '500000000000000001'), 400);
    }
    const unknown = randomUUID();
    expectError(
      await http.get(`/api/v1/predictions/${unknown}`, dana),
      404,
      PREDICTION_LOAD_FAILED_MESSAGE,
    );
    expectError(
      await http.link(dana, unknown, '500000000000000001'),
      404,
      PREDICTION_LOAD_FAILED_MESSAGE,
    );
    expectError(await http.get('/api/v1/cases/not%20an%20id/predictions', dana), 400);
    expectError(await http.get('/api/v1/cases/500999999999999999/predictions', dana), 404);
    const made = await http.made(dana);
    expectError(await http.link(dana, made.id, 'nope'), 404, CASE_NOT_FOUND_MESSAGE);
    expectError(await http.send('PUT', `/api/v1/predictions/${made.id}/case`, dana, {}), 400);
  });
});
