import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { predictionSchema, type Prediction } from '../../contract/predictions';
import type { Database } from '../../gateway/db/schema';
import { MACHINE_1 } from '../../gateway/seed/fixed-machines';

/** A symptom the demo claims of M7-172 know (a claim of MACHINE_1 names it). */
export const KNOWN_SYMPTOM = 'Hydraulic oil seeping at pump shaft';

/** The calls of the prediction screens, with a session cookie and an Idempotency-Key. */
export function predictionsClient(app: FastifyInstance) {
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string | null,
    payload?: unknown,
    key: string | null = method === 'GET' ? null : randomUUID(),
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    send,
    get: (url: string, cookie: string | null, headers: Record<string, string> = {}) =>
      send('GET', url, cookie, undefined, null, headers),
    create: (cookie: string | null, body: Record<string, unknown>, key?: string) =>
      send('POST', '/api/v1/predictions', cookie, body, key),
    link: (cookie: string | null, id: string, caseId: string, key?: string) =>
      send('PUT', `/api/v1/predictions/${id}/case`, cookie, { caseId }, key),
    /** Creates a prediction for MACHINE_1 and returns it (201 expected). */
    async made(cookie: string, extra: Record<string, unknown> = {}): Promise<Prediction> {
      const res = await send('POST', '/api/v1/predictions', cookie, {
        modelNumber: MACHINE_1.model,
        serialNumber: MACHINE_1.serial,
        symptom: KNOWN_SYMPTOM,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
      return predictionSchema.parse(res.json());
    },
  };
}

/** What a test claim says; the rest is a plain machine claim without dealer or campaign. */
export interface TestClaim {
  claimNumber: string;
  date: string;
  symptom: string;
  defect: string;
  causalPart: string;
  causalPartDescription: string;
  parts: { partNumber: string; description: string; quantity: number }[];
  labourHours: string;
}

/** Three claims of one symptom, repaired with one part (2 h each): enough for a bundle's aggregates. */
export function threeClaimsOf(symptom: string, part: string, description: string): TestClaim[] {
  return [1, 2, 3].map((n) => ({
    claimNumber: `CLM-${part}-${n}`,
    date: '2026-11-20',
    symptom,
    defect: 'worn',
    causalPart: part,
    causalPartDescription: description,
    parts: [{ partNumber: part, description, quantity: 1 }],
    labourHours: '2',
  }));
}

/** Stores claims on MACHINE_1 directly, as an import of warranty claims would. */
export async function addClaimsOnMachine1(db: Kysely<Database>, claims: TestClaim[]) {
  const machine = await db
    .selectFrom('machines')
    .select('id')
    .where('material_number', '=', MACHINE_1.model)
    .where('serial_number', '=', MACHINE_1.serial)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('machine_claims')
    .values(
      claims.map((c) => ({
        machine_id: machine.id,
        claim_number: c.claimNumber,
        claim_type: 'Machine',
        dealer_id: null,
        date_of_repair: c.date,
        symptom_description: c.symptom,
        defect_description: c.defect,
        causal_part_description: c.causalPartDescription,
        causal_part_number: c.causalPart,
        machine_usage_reading: null,
        service_campaign: null,
        parts: JSON.stringify(c.parts),
        labour_hours: c.labourHours,
      })),
    )
    .execute();
}
