import type { EngineRow, PredictionEngine, PredictionQuery, TermStatistics } from './types';
import type { Calibration, ClaimEvidence, PartsCombination } from './types';
import { buildIndex, type ClaimIndex, type Range } from './claim-index';
import { IDENTITY_CALIBRATION, calibrate, fitIsotonic, type CalibrationPoint } from './calibration';
import { NeighbourSearch, type Hit, type Scope } from './neighbours';
import { poolWeights, rankParts, type PartSizes } from './ranking';
import { AGGREGATE_MIN_CLAIMS, commonPartsSet, commonest, medianLabour, repairOf } from './repair';

/*
 * The parts-prediction engine: built once from claim rows, then asked about symptoms. Pure
 * (no IO, no DOM), so the gateway and the device's worker run the same code over the same rows.
 */

export type { EngineRow, PredictionEngine, PredictionQuery, TermStatistics } from './types';
export { fitIsotonic, calibrate, IDENTITY_CALIBRATION } from './calibration';
export type { CalibrationPoint } from './calibration';

/** Neighbours per pool. */
const NEIGHBOURS = 40;
const ANSWERS_MAX = 5;
/** Claims asked about (each left out of its own neighbours) when no calibration is given. */
const SELF_CALIBRATION_SAMPLE = 1000;
/**
 * Held-out claims asked about at most, evenly spread. Over the 500,000 demo claims the map's
 * error was 0.015 with 1,000, 0.009 with 5,000 and 0.010 with 20,000, the gateway's build
 * 6 s, 11 s and 28 s: past a few thousand, only the build grows.
 */
export const CALIBRATION_SAMPLE = 5000;

/** Up to `max` items, evenly spread over the list (dates stay spread). */
export function evenSample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)]!);
}

export interface EngineOptions {
  /** A map fitted elsewhere (the gateway ships its own to the device). */
  calibration?: Calibration;
  /** The maker's term statistics, when the rows are a share of its claims (the device). */
  terms?: TermStatistics;
}

/** The answers with their raw scores, before calibration: what fitting and evaluation need. */
export interface RawAnswer extends Omit<PartsCombination, 'probability'> {
  score: number;
}

export interface ClaimsEngine extends PredictionEngine {
  /** Ranked answers with raw scores; `exclude` leaves one of the engine's own rows out. */
  rank(query: PredictionQuery, limit?: number, exclude?: number): RawAnswer[];
}

/** What an answer says to bring: the part's description, its parts set and labour. */
type Brought = Pick<RawAnswer, 'causalPartDescription' | 'requiredParts' | 'labourHours'>;

function brought(
  claims: readonly EngineRow[],
  repair: Pick<Brought, 'requiredParts' | 'labourHours'>,
): Brought {
  return {
    causalPartDescription: commonest(claims.map((c) => c.causalPartDescription)).slice(0, 200),
    requiredParts: repair.requiredParts.slice(0, 50),
    labourHours: repair.labourHours,
  };
}

/**
 * What a part's own claims bring, each row counted as the claims it stands for: the model's
 * claims when they are enough for aggregates, else every model's. On the device each row of a
 * part already carries the part's aggregates, so both sides bring the same.
 */
function ownBrought(index: ClaimIndex, positions: readonly number[], model: Range | null) {
  const expand = (list: readonly number[]) =>
    list.flatMap((at) => Array<EngineRow>(index.row(at).weight ?? 1).fill(index.row(at)));
  const mine = model ? positions.filter((at) => at >= model.from && at < model.to) : [];
  let claims = expand(mine);
  if (claims.length < AGGREGATE_MIN_CLAIMS) claims = expand(positions);
  return brought(claims, repairOf(claims));
}

function answersOf(
  index: ClaimIndex,
  ranked: ReturnType<typeof rankParts>,
  hits: Hit[],
  own: (part: number) => Brought,
) {
  return ranked.map(({ part, score }): RawAnswer => {
    const near = hits.filter((h) => index.partOf[h.row] === part).map((h) => index.row(h.row));
    return {
      causalPart: index.parts[part]!,
      // Ranked by the pooled evidence alone: what to bring comes from the part's own claims.
      ...(near.length > 0
        ? brought(near, { requiredParts: commonPartsSet(near), labourHours: medianLabour(near) })
        : own(part)),
      score,
    };
  });
}

function engineOver(rows: readonly EngineRow[], terms?: TermStatistics) {
  const index = buildIndex(rows, terms);
  const search = new NeighbourSearch(index);
  const modelsByCase = new Map<string, number>();
  for (const [name, id] of index.models) modelsByCase.set(name.trim().toUpperCase(), id);

  const everything = { from: 0, to: index.size };
  const size = (r: Range) => r.to - r.from;
  // Built on the first answer without neighbours: positions of each part's rows, and what
  // each part brings per model, the same for every question that ranks it so.
  let partPositions: number[][] | null = null;
  const positionsOf = (part: number) => {
    if (!partPositions) {
      partPositions = index.parts.map(() => []);
      for (let at = 0; at < index.size; at++) partPositions[index.partOf[at]!]!.push(at);
    }
    return partPositions[part]!;
  };
  const ownByModelPart = new Map<string, Brought>();
  const ownOf = (model: number, modelRange: Range | null, part: number) => {
    const key = `${model}:${part}`;
    let own = ownByModelPart.get(key);
    if (!own) ownByModelPart.set(key, (own = ownBrought(index, positionsOf(part), modelRange)));
    // A copy: answers leave the engine, and the next question's must not change with them.
    return { ...own, requiredParts: own.requiredParts.map((p) => ({ ...p })) };
  };

  function rank(query: PredictionQuery, limit = ANSWERS_MAX, exclude = -1): RawAnswer[] {
    const model =
      index.models.get(query.model) ?? modelsByCase.get(query.model.trim().toUpperCase()) ?? -1;
    const family =
      query.family != null
        ? (index.families.get(query.family) ?? -1)
        : model >= 0
          ? index.familyOfModel[model]!
          : -1;
    const modelRange = model >= 0 ? index.modelRange[model]! : null;
    const familyRange =
      family >= 0 && size(index.familyRange[family]!) > 0 ? index.familyRange[family]! : null;
    const weights = poolWeights(
      modelRange ? index.modelClaims[model]! : null,
      familyRange ? index.familyClaims[family]! : null,
    );
    const scope: Scope = {
      model: weights.model > 0 ? modelRange : null,
      family: weights.family > 0 ? familyRange : null,
      all: weights.all > 0,
      scored: weights.all > 0 ? everything : weights.family > 0 ? familyRange! : modelRange!,
    };
    const leftOut = exclude >= 0 ? index.positionOf[exclude]! : -1;
    let pools = search.find(query.symptom, scope, NEIGHBOURS, leftOut);
    if (pools.model.length + pools.family.length + pools.all.length === 0 && !scope.all) {
      // No claim of the model (or family) shares a word: ask all of them after all.
      const wide = { model: null, family: null, all: true, scored: everything };
      pools = search.find(query.symptom, wide, NEIGHBOURS, leftOut);
      weights.all = 1;
    }
    const partCount = index.parts.length;
    const sizes: PartSizes = {
      model: (p) => index.modelPartClaims.get(model * partCount + p) ?? 0,
      family: (p) => (family >= 0 ? (index.familyPartClaims.get(family * partCount + p) ?? 0) : 0),
      all: (p) => index.partClaims[p]!,
    };
    const ranked = rankParts(pools, weights, index.partOf, index.parts, sizes)
      .filter((r) => r.score > 0)
      .slice(0, Math.max(0, limit));
    // Closest first, each claim once, whichever pools found it.
    const seen = new Set<number>();
    const hits = [...pools.model, ...pools.family, ...pools.all]
      .filter((h) => !seen.has(h.row) && (seen.add(h.row), true))
      .sort((a, b) => b.similarity - a.similarity || a.row - b.row);
    return answersOf(index, ranked, hits, (part) => ownOf(model, modelRange, part));
  }
  return { index, rank };
}

/**
 * The raw answers' points against the truth of held-out claims: every answer, right or wrong.
 * `ownRow(i)` is the engine's row that claim i is, to leave out of its own neighbours (-1: none).
 */
function calibrationPoints(
  rank: ClaimsEngine['rank'],
  claims: readonly ClaimEvidence[],
  ownRow: (i: number) => number = () => -1,
): CalibrationPoint[] {
  const points: CalibrationPoint[] = [];
  claims.forEach((claim, i) => {
    const query = { model: claim.model, family: claim.family, symptom: claim.symptom };
    for (const a of rank(query, ANSWERS_MAX, ownRow(i)))
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
  return fitIsotonic(calibrationPoints(rank, evenSample(heldOut, CALIBRATION_SAMPLE)));
}

function selfCalibration(rows: readonly ClaimEvidence[], rank: ClaimsEngine['rank']): Calibration {
  if (rows.length < 50) return IDENTITY_CALIBRATION;
  // An even stride over the rows, each asked about without itself among the neighbours.
  const step = Math.max(1, Math.floor(rows.length / SELF_CALIBRATION_SAMPLE));
  const sample: number[] = [];
  for (let i = 0; i < rows.length && sample.length < SELF_CALIBRATION_SAMPLE; i += step)
    sample.push(i);
  return fitIsotonic(
    calibrationPoints(
      rank,
      sample.map((i) => rows[i]!),
      (k) => sample[k]!,
    ),
  );
}

export function createEngine(
  rows: readonly EngineRow[],
  options: EngineOptions = {},
): ClaimsEngine {
  const { rank } = engineOver(rows, options.terms);
  const map = options.calibration ?? selfCalibration(rows, rank);
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
