import { sql, type Kysely } from 'kysely';
import type { PartsCombination } from '../../contract/predictions';
import type { Database } from '../db/schema';
import { outcomeOf } from '../services/predictions-outcomes';
import { rng, type Rng } from './prng';

const OUTCOMES_SEED = 20261128;
/** The newest claims of the generated machines that a past prediction foresaw. */
const CLAIMS_READ = 1_500;
const PREDICTIONS = 300;
const DAY_MS = 86_400_000;

/** Where the right part stood: each model with its own skill, so the models differ. */
function rankOf(r: Rng, skill: number): number {
  const x = r.next();
  if (x < skill) return 1;
  if (x < skill + 0.25) return r.int(2, 3);
  if (x < skill + 0.33) return r.int(4, 5);
  return 6;
}

/**
 * Past predictions whose outcome a claim for the same machine told, across the last months and
 * the models that file claims, so the Predictions quality page has something to draw. They
 * belong to no user or organisation: no dealer's history lists them.
 */
export async function seedPredictionOutcomes(db: Kysely<Database>): Promise<void> {
  const r = rng(OUTCOMES_SEED);
  const claims = await db
    .selectFrom('machine_claims as k')
    .innerJoin('machines as m', 'm.id', 'k.machine_id')
    .select([
      'k.claim_number',
      'k.date_of_repair',
      'k.causal_part_number',
      'k.causal_part_description',
      'k.symptom_description',
      'm.id as machine_id',
      'm.material_number',
      'm.serial_number',
    ])
    .where('k.claim_number', 'like', 'CLM-%')
    .orderBy('k.date_of_repair', 'desc')
    .orderBy('k.claim_number')
    .limit(CLAIMS_READ)
    .execute();
  const partsOf = new Map<string, Map<string, string>>();
  for (const k of claims) {
    const parts = partsOf.get(k.material_number) ?? new Map<string, string>();
    parts.set(k.causal_part_number, k.causal_part_description);
    partsOf.set(k.material_number, parts);
  }
  const skillOf = new Map<string, number>();
  const rows = [];
  for (let n = 0; n < PREDICTIONS && claims.length > 0; n++) {
    const k = r.pick(claims);
    const others = [...partsOf.get(k.material_number)!].filter(([p]) => p !== k.causal_part_number);
    if (!skillOf.has(k.material_number)) skillOf.set(k.material_number, 0.3 + r.next() * 0.35);
    const rank = Math.min(rankOf(r, skillOf.get(k.material_number)!), others.length + 1);
    const answers: [string, string][] = others.slice(0, 5);
    if (rank <= 5) answers.splice(rank - 1, 0, [k.causal_part_number, k.causal_part_description]);
    const combinations: PartsCombination[] = answers.slice(0, 5).map(([part, desc], i) => ({
      causalPart: part,
      causalPartDescription: desc,
      requiredParts: [{ partNumber: part, description: desc, quantity: 1 }],
      labourHours: r.int(1, 6),
      probability: Math.round((0.6 / (i + 1)) * 1000) / 1000,
    }));
    const madeAt = new Date(Date.parse(String(k.date_of_repair)) - r.int(1, 30) * DAY_MS);
    const number = await sql<{ n: string }>`SELECT nextval('prediction_number_seq')::text AS n`
      .execute(db)
      .then((res) => res.rows[0]!.n);
    rows.push({
      id: `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
      name: `PPD-${number.padStart(6, '0')}`,
      model_number: k.material_number,
      serial_number: k.serial_number,
      machine_id: k.machine_id,
      symptom: k.symptom_description,
      combinations: JSON.stringify(combinations),
      ranked_on: 'gateway' as const,
      created_by_name: 'Demo technician',
      created_at: madeAt,
      outcome: outcomeOf(combinations, k.causal_part_number),
      outcome_part: k.causal_part_number,
      outcome_source: 'claim' as const,
      outcome_at: new Date(Date.parse(String(k.date_of_repair))),
    });
  }
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('predictions')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}
