import type { PredictionEngine, PredictionQuery } from './types';
import type { Calibration, ClaimEvidence, PartsCombination } from './types';
import { buildIndex, type ClaimIndex } from './claim-index';
import { IDENTITY_CALIBRATION, calibrate, fitIsotonic, type CalibrationPoint } from './calibration';
import { NeighbourSearch, type Hit } from './neighbours';
import { rankParts } from './ranking';
import { commonPartsSet, medianLabour } from './repair';

/*
 * The parts-prediction engine: built once from claim rows, then asked about symptoms. Pure
 * (no IO, no DOM), so the gateway and the device's worker run the same code over the same rows.
 */

export type { PredictionEngine, PredictionQuery } from './types';
export { fitIsotonic, calibrate, IDENTITY_CALIBRATION } from './calibration';
export type { CalibrationPoint } from './calibration';

/** Neighbours per pool. */
const NEIGHBOURS = 40;
const ANSWERS_MAX = 5;
/** Claims asked about (each left out of its own neighbours) when no calibration is given. */
const SELF_CALIBRATION_SAMPLE = 1000;

export interface EngineOptions {
  /** A map fitted elsewhere (the gateway ships its own to the device). */
  calibration?: Calibration;
  /** Held-out claims to fit the map on; without either, the engine fits on its own rows. */
  calibrationRows?: readonly ClaimEvidence[];
}

/** The answers with their raw scores, before calibration: what fitting and evaluation need. */
export interface RawAnswer extends Omit<PartsCombination, 'probability'> {
  score: number;
}

export interface ClaimsEngine extends PredictionEngine {
  /** Ranked answers with raw scores; `exclude` leaves one of the engine's own rows out. */
  rank(query: PredictionQuery, limit?: number, exclude?: number): RawAnswer[];
}

function answersOf(index: ClaimIndex, ranked: ReturnType<typeof rankParts>, hits: Hit[]) {
  return ranked.map(({ part, score }): RawAnswer => {
    const claims = hits.filter((h) => index.partOf[h.row] === part).map((h) => index.rows[h.row]!);
    const descriptions = new Map<string, number>();
    for (const c of claims) {
      descriptions.set(
        c.causalPartDescription,
        (descriptions.get(c.causalPartDescription) ?? 0) + 1,
      );
    }
    let description = '';
    let most = 0;
    for (const [d, n] of descriptions) if (n > most) [description, most] = [d, n];
    return {
      causalPart: index.parts[part]!,
      causalPartDescription: description.slice(0, 200),
      requiredParts: commonPartsSet(claims).slice(0, 50),
      labourHours: medianLabour(claims),
      score,
    };
  });
}

function engineOver(rows: readonly ClaimEvidence[]) {
  const index = buildIndex(rows);
  const search = new NeighbourSearch(index);
  const modelsByCase = new Map<string, number>();
  for (const [name, id] of index.models) modelsByCase.set(name.trim().toUpperCase(), id);

  function rank(query: PredictionQuery, limit = ANSWERS_MAX, exclude = -1): RawAnswer[] {
    const model =
      index.models.get(query.model) ?? modelsByCase.get(query.model.trim().toUpperCase()) ?? -1;
    const family =
      query.family != null
        ? (index.families.get(query.family) ?? -1)
        : model >= 0
          ? index.familyOfModel[model]!
          : -1;
    const pools = search.find(query.symptom, model, family, NEIGHBOURS, exclude);
    const modelClaims = model >= 0 ? index.claimsOfModel[model]! : 0;
    const familyClaims = family >= 0 ? index.claimsOfFamily[family]! : 0;
    const ranked = rankParts(pools, index.partOf, index.parts, modelClaims, familyClaims)
      .filter((r) => r.score > 0)
      .slice(0, Math.max(0, limit));
    // Closest first, each claim once, whichever pools found it.
    const seen = new Set<number>();
    const hits = [...pools.model, ...pools.family, ...pools.all]
      .filter((h) => !seen.has(h.row) && (seen.add(h.row), true))
      .sort((a, b) => b.similarity - a.similarity || a.row - b.row);
    return answersOf(index, ranked, hits);
  }
  return { index, rank };
}

/** The raw answers' points against the truth of held-out claims: every answer, right or wrong. */
export function calibrationPoints(
  rank: (query: PredictionQuery, exclude: number) => RawAnswer[],
  claims: readonly ClaimEvidence[],
  excludeOwn: boolean,
): CalibrationPoint[] {
  const points: CalibrationPoint[] = [];
  claims.forEach((claim, i) => {
    const answers = rank(
      { model: claim.model, family: claim.family, symptom: claim.symptom },
      excludeOwn ? i : -1,
    );
    for (const a of answers)
      points.push({ score: a.score, correct: a.causalPart === claim.causalPart });
  });
  return points;
}

/** Fits the score-to-probability map of an engine over `rows` on held-out claims. */
export function fitCalibration(
  rows: readonly ClaimEvidence[],
  heldOut: readonly ClaimEvidence[],
): Calibration {
  const { rank } = engineOver(rows);
  return fitIsotonic(calibrationPoints((q, ex) => rank(q, ANSWERS_MAX, ex), heldOut, false));
}

function selfCalibration(rows: readonly ClaimEvidence[], rank: ClaimsEngine['rank']): Calibration {
  if (rows.length < 50) return IDENTITY_CALIBRATION;
  // An even stride over the rows, each asked about without itself among the neighbours.
  const step = Math.max(1, Math.floor(rows.length / SELF_CALIBRATION_SAMPLE));
  const sample: number[] = [];
  for (let i = 0; i < rows.length && sample.length < SELF_CALIBRATION_SAMPLE; i += step)
    sample.push(i);
  const points: CalibrationPoint[] = [];
  for (const i of sample) {
    const claim = rows[i]!;
    for (const a of rank(
      { model: claim.model, family: claim.family, symptom: claim.symptom },
      ANSWERS_MAX,
      i,
    )) {
      points.push({ score: a.score, correct: a.causalPart === claim.causalPart });
    }
  }
  return fitIsotonic(points);
}

export function createEngine(
  rows: readonly ClaimEvidence[],
  options: EngineOptions = {},
): ClaimsEngine {
  const { rank } = engineOver(rows);
  let calibration = options.calibration;
  if (!calibration && options.calibrationRows) {
    calibration = fitIsotonic(
      calibrationPoints((q, ex) => rank(q, ANSWERS_MAX, ex), options.calibrationRows, false),
    );
  }
  calibration ??= selfCalibration(rows, rank);
  const map = calibration;
  return {
    calibration: map,
    rank,
    predict(query, limit = ANSWERS_MAX) {
      return rank(query, limit).map(({ score, ...answer }) => ({
        ...answer,
        probability: Math.round(calibrate(map, score) * 1000) / 1000,
      }));
    },
  };
}
