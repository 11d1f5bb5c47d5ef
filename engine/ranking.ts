import type { Hit, PartSums, Pools } from './neighbours';

/*
 * Causal parts ranked by the evidence of the neighbours. Each pool votes with its neighbours'
 * similarity (squared, so the closest count most); the pools are blended by how much the model
 * and its family have to say: a model with many claims speaks for itself, one with a handful
 * leans on its family, and a model unknown to the claims on all of them. Equal scores go in
 * the parts' alphabetical order, so an answer never depends on the order of the rows.
 */

/**
 * Claims at which a model's own neighbours weigh as much as its family's, and a family's as
 * much as all claims'. A model needs many claims before its few neighbours outweigh the
 * family's many: on the demo claims 30 lost 8 points of top-3 against 300, and on the claims
 * held out for calibration (never the test) 1,000 answered best, a point above 300. Machines
 * of one kind share most of their faults, so even a well-known model keeps a quarter of its
 * say for the others (docs/predictions.md).
 */
export const MODEL_HALF_WEIGHT = 1000;
export const FAMILY_HALF_WEIGHT = 30;

export interface Ranked {
  part: number;
  /** The blended share of the vote, 0..1: the raw score that calibration maps. */
  score: number;
}

function shares(hits: readonly Hit[], partOf: Int32Array): Map<number, number> {
  const votes = new Map<number, number>();
  let total = 0;
  for (const { row, similarity, weight } of hits) {
    const v = similarity * similarity * weight;
    votes.set(partOf[row]!, (votes.get(partOf[row]!) ?? 0) + v);
    total += v;
  }
  if (total > 0) for (const [part, v] of votes) votes.set(part, v / total);
  return votes;
}

/** Shares of one from pooled sums. */
function normalised(sums: PartSums, size: (part: number) => number): Map<number, number> {
  const out = new Map<number, number>();
  let total = 0;
  for (const [part, v] of sums) {
    const x = v / Math.max(1, size(part)) ** POOLED_SIZE_POWER;
    out.set(part, x);
    total += x;
  }
  if (total > 0) for (const [part, v] of out) out.set(part, v / total);
  return out;
}

/**
 * A part's pooled evidence is divided by its claims in the pool to this power: between the
 * sum (which favours the commonest parts) and the mean (which favours the rarest).
 */
export const POOLED_SIZE_POWER = 0.5;

/** Claims of a causal part in each pool. */
export interface PartSizes {
  model: (part: number) => number;
  family: (part: number) => number;
  all: (part: number) => number;
}

/**
 * How much the pooled evidence of all a part's matching claims counts beside the k nearest's
 * vote. Measured: 0.15 gains a point of top-3 on the demo claims and halves their calibration
 * error; 0.3 and more lose top-1 on the aviation logbook, whose many near-identical labels
 * pooling smooths towards the commonest.
 */
export const POOLED_SHARE = 0.15;

/** A pool weighing less than this is not searched at all. */
const NEGLIGIBLE = 0.01;

export interface PoolWeights {
  model: number;
  family: number;
  all: number;
}

/** How much each pool counts: `null` where the model or family is unknown to the claims. */
export function poolWeights(modelClaims: number | null, familyClaims: number | null): PoolWeights {
  const a = modelClaims === null ? 0 : modelClaims / (modelClaims + MODEL_HALF_WEIGHT);
  const b = familyClaims === null ? 0 : familyClaims / (familyClaims + FAMILY_HALF_WEIGHT);
  const w = { model: a, family: (1 - a) * b, all: (1 - a) * (1 - b) };
  if (w.family < NEGLIGIBLE) w.family = 0;
  if (w.all < NEGLIGIBLE) w.all = 0;
  return w;
}

export function rankParts(
  pools: Pools,
  weights: PoolWeights,
  partOf: Int32Array,
  partNames: readonly string[],
  sizes: PartSizes,
): Ranked[] {
  const blended = new Map<number, number>();
  const add = (
    hits: readonly Hit[],
    sums: PartSums,
    size: (part: number) => number,
    weight: number,
  ) => {
    if (weight <= 0 || hits.length === 0) return;
    for (const [part, v] of shares(hits, partOf)) {
      blended.set(part, (blended.get(part) ?? 0) + v * weight * (1 - POOLED_SHARE));
    }
    for (const [part, v] of normalised(sums, size)) {
      blended.set(part, (blended.get(part) ?? 0) + v * weight * POOLED_SHARE);
    }
  };
  add(pools.model, pools.pooled.model, sizes.model, weights.model);
  add(pools.family, pools.pooled.family, sizes.family, weights.family);
  add(pools.all, pools.pooled.all, sizes.all, weights.all);
  // A pool without neighbours gives its weight to no one: rescale to shares of one.
  let total = 0;
  for (const v of blended.values()) total += v;
  // Rounded, so sums taken in another order (the device's rows stand for several claims) rank
  // and tie alike.
  return [...blended]
    .map(([part, v]) => ({ part, score: total > 0 ? Math.round((v / total) * 1e12) / 1e12 : 0 }))
    .sort((x, y) => y.score - x.score || (partNames[x.part]! < partNames[y.part]! ? -1 : 1));
}
