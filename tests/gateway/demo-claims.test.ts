import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_1 } from '../../gateway/seed/fixed-machines';
import { demoClaims } from '../../gateway/seed/demo-claims';
import { lanes, openGateway, type TestGateway } from './harness';

describe.each(lanes)('demo claims carry their repairs on $name', (lane) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lane);
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
  });
  const db = () => gw.started.db.kysely;

  it('stores each repair’s parts (causal part first among them) and its labour', async () => {
    const claims = await db()
      .selectFrom('machine_claims as k')
      .innerJoin('machines as m', 'm.id', 'k.machine_id')
      .select([
        'm.material_number as model',
        'm.serial_number as serial',
        'k.causal_part_number',
        'k.parts',
        'k.labour_hours',
        'k.symptom_description',
        'k.date_of_repair',
      ])
      .orderBy('k.id')
      .execute();
    expect(claims.length).toBeGreaterThanOrEqual(5000);
    let withLabour = 0;
    for (const c of claims) {
      expect(Array.isArray(c.parts)).toBe(true);
      expect(c.parts[0]?.partNumber).toBe(c.causal_part_number);
      for (const p of c.parts) expect(p.quantity).toBeGreaterThanOrEqual(1);
      if (c.labour_hours !== null) {
        withLabour++;
        expect(Number(c.labour_hours)).toBeGreaterThan(0);
      }
    }
    // Most repairs record labour, not all; many use more than one part.
    expect(withLabour / claims.length).toBeGreaterThan(0.9);
    expect(withLabour).toBeLessThan(claims.length);
    expect(claims.filter((c) => c.parts.length > 1).length / claims.length).toBeGreaterThan(0.3);

    // The fixed tractor keeps its two claims, now with their repairs.
    const machine1 = claims.filter(
      (c) => c.model === MACHINE_1.model && c.serial === MACHINE_1.serial,
    );
    expect(machine1.map((c) => [c.causal_part_number, Number(c.labour_hours)])).toEqual([
      ['3Y211-82140', 3],
      ['1J574-39080', 1.5],
    ]);

    // The rows the evaluation reads without a database are the rows the seed wrote.
    const pure = demoClaims('small');
    expect(pure).toHaveLength(claims.length);
    for (const i of [0, 1, 17, 999, claims.length - 1]) {
      const [row, claim] = [claims[i]!, pure[i]!];
      expect(claim).toMatchObject({
        model: row.model,
        serial: row.serial,
        symptom: row.symptom_description,
        causalPart: row.causal_part_number,
        parts: row.parts,
        labourHours: row.labour_hours === null ? null : Number(row.labour_hours),
      });
    }
  });

  it('gives M7-172 many claims, a few models hardly any, over several years', async () => {
    const perModel = await db()
      .selectFrom('machine_claims as k')
      .innerJoin('machines as m', 'm.id', 'k.machine_id')
      .select(['m.material_number as model', sql<number>`count(*)::int`.as('claims')])
      .groupBy('m.material_number')
      .execute();
    const count = new Map(perModel.map((r) => [r.model, r.claims]));
    expect(count.get('M7-172')).toBeGreaterThan(500);
    expect(perModel.filter((r) => r.claims < 20).length).toBeGreaterThanOrEqual(2);
    const years = await db()
      .selectFrom('machine_claims')
      .select(sql<string>`to_char(date_of_repair, 'YYYY')`.as('year'))
      .distinct()
      .execute();
    expect(years.length).toBeGreaterThanOrEqual(6);
  });

  it('new claims without a repair recorded default to no parts and no labour', async () => {
    const [k] = await db()
      .selectFrom('machine_claims')
      .select(['machine_id', 'dealer_id'])
      .limit(1)
      .execute();
    const inserted = await db()
      .insertInto('machine_claims')
      .values({
        machine_id: k!.machine_id,
        claim_number: 'CLM-TEST-1',
        claim_type: 'Machine',
        dealer_id: k!.dealer_id,
        date_of_repair: '2026-01-02',
        symptom_description: 'x',
        defect_description: 'y',
        causal_part_description: 'z',
        causal_part_number: 'P-1',
        machine_usage_reading: null,
        service_campaign: null,
      })
      .returning(['parts', 'labour_hours'])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ parts: [], labour_hours: null });
    await db().deleteFrom('machine_claims').where('claim_number', '=', 'CLM-TEST-1').execute();
  });
});
