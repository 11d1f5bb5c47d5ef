import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictionQualitySchema, type PredictionQuality } from '../../contract/prediction-quality';
import { MACHINE_1, MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { openCasesGateway, OPEN_TIMEOUT } from './cases-support';
import { lanes, type TestGateway } from './harness';
import { predictionsClient } from './predictions-support';

const QUALITY = '/api/v1/predictions/quality';

describe.each(lanes)('prediction outcomes on $name', (lane) => {
  let gw: TestGateway;
  let http: ReturnType<typeof predictionsClient>;
  let dana: string;
  let sam: string;
  let ada: string;

  beforeAll(async () => {
    const opened = await openCasesGateway(lane);
    ({ gw, dana, sam, ada } = opened);
    http = predictionsClient(gw.app);
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const db = () => gw.started.db.kysely;
  const outcome = (id: string) =>
    db()
      .selectFrom('predictions')
      .select(['outcome', 'outcome_part', 'outcome_source'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const quality = async (): Promise<PredictionQuality> => {
    const res = await http.get(QUALITY, ada);
    expect(res.statusCode, res.body).toBe(200);
    return predictionQualitySchema.parse(res.json());
  };
  const modelRow = (q: PredictionQuality) =>
    q.models.find((m) => m.model === MACHINE_1.model) ?? { settled: 0, top1: 0, top3: 0, top5: 0 };

  it('scores a linked prediction when its case closes with a causal part, and counts it', async () => {
    const before = await quality();
    const caseId = MACHINE_1_CASES.northfieldOpen;
    const hit = await http.made(dana, { caseId });
    const missed = await http.made(dana, { caseId, symptom: 'Pump whines under load' });
    expect(hit.combinations.length).toBeGreaterThanOrEqual(2);
    const second = hit.combinations[1]!.causalPart;

    // Closed without a causal part: nothing is known yet.
    await db()
      .updateTable('cases')
      .set({ causal_part_number: null })
      .where('id', '=', caseId)
      .execute();
    expect((await http.send('POST', `/api/v1/cases/${caseId}/close`, dana, {})).statusCode).toBe(
      200,
    );
    expect((await outcome(hit.id)).outcome).toBeNull();

    await db()
      .updateTable('cases')
      .set({ causal_part_number: second, status: 'Open' })
      .where('id', '=', caseId)
      .execute();
    expect((await http.send('POST', `/api/v1/cases/${caseId}/close`, dana, {})).statusCode).toBe(
      200,
    );
    expect(await outcome(hit.id)).toEqual({
      outcome: 'hit3',
      outcome_part: second,
      outcome_source: 'case',
    });
    const missedOutcome = await outcome(missed.id);
    const missedRank = missed.combinations.findIndex((c) => c.causalPart === second) + 1;
    const expected =
      missedRank === 0 ? 'miss' : missedRank === 1 ? 'hit1' : missedRank <= 3 ? 'hit3' : 'hit5';
    expect(missedOutcome.outcome).toBe(expected);

    const after = await quality();
    const [b, a] = [modelRow(before), modelRow(after)];
    const hits = (o: string, k: 1 | 3 | 5) => (o === 'miss' ? 0 : Number(o.slice(3)) <= k ? 1 : 0);
    expect(a.settled - b.settled).toBe(2);
    expect(a.top1 - b.top1).toBe(hits(expected, 1));
    expect(a.top3 - b.top3).toBe(1 + hits(expected, 3));
    expect(a.top5 - b.top5).toBe(1 + hits(expected, 5));
    const month = new Date().toISOString().slice(0, 7);
    expect(after.months.find((m) => m.month === month)?.settled).toBe(
      (before.months.find((m) => m.month === month)?.settled ?? 0) + 2,
    );
  });

  it('scores a prediction by a claim for the same machine within 60 days, once', async () => {
    const made = await http.made(sam);
    const part = made.combinations[0]!.causalPart;
    const machine = await db()
      .selectFrom('machines')
      .select('id')
      .where('serial_number', '=', MACHINE_1.serial)
      .executeTakeFirstOrThrow();
    const claim = (days: number, causal: string) => ({
      machine_id: machine.id,
      claim_number: `CLM-T${days}`,
      claim_type: 'Machine',
      date_of_repair: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
      symptom_description: 'Oil at the pump',
      defect_description: 'Seal worn',
      causal_part_description: 'Seal',
      causal_part_number: causal,
      parts: '[]',
    });
    // Too late to tell, then in time; a later claim changes nothing settled.
    await db().insertInto('machine_claims').values(claim(75, 'LATE-PART')).execute();
    await quality();
    expect((await outcome(made.id)).outcome).toBeNull();
    await db().insertInto('machine_claims').values(claim(20, part)).execute();
    await quality();
    expect(await outcome(made.id)).toEqual({
      outcome: 'hit1',
      outcome_part: part,
      outcome_source: 'claim',
    });
  });

  it('answers only internal administrators: 404 to a dealer and to staff, 401 to nobody', async () => {
    expect((await http.get(QUALITY, dana)).statusCode).toBe(404);
    expect((await http.get(QUALITY, sam)).statusCode).toBe(404);
    expect((await http.get(QUALITY, null)).statusCode).toBe(401);
  });

  it('holds the demo predictions scored over several months and models', async () => {
    const q = await quality();
    expect(q.months.length).toBeGreaterThanOrEqual(3);
    expect(q.models.length).toBeGreaterThanOrEqual(3);
    for (const row of [...q.months, ...q.models]) {
      expect(row.top1).toBeLessThanOrEqual(row.top3);
      expect(row.top3).toBeLessThanOrEqual(row.top5);
      expect(row.top5).toBeLessThanOrEqual(row.settled);
    }
  });
});
