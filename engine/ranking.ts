import type { Hit, Pools } from './neighbours';

/*
 * Causal parts ranked by the evidence of the neighbours. Each pool votes with its neighbours'
 * similarity (squared, so the closest count most); the pools are blended by how much the model
 * and its family have to say: a model with many claims speaks for itself, one with a handful
 * leans on its family, and a model unknown to the claims on all of them. Equal scores go in
 * the parts' alphabetical order, so an answer never depends on the order of the rows.
 */

/** Claims at which a model's own neighbours and its family's weigh as much as the rest. */
export const MODEL_HALF_WEIGHT = 30;
export const FAMILY_HALF_WEIGHT = 30;

export interface Ranked {
  part: number;
  /** The blended share of the vote, 0..1: the raw score that calibration maps. */
  score: number;
}

function shares(hits: readonly Hit[], partOf: Int32Array): Map<number, number> {
  const votes = new Map<number, number>();
  let total = 0;
  for (const { row, similarity } of hits) {
    const v = similarity * similarity;
    votes.set(partOf[row]!, (votes.get(partOf[row]!) ?? 0) + v);
    total += v;
  }
  if (total > 0) for (const [part, v] of votes) votes.set(part, v / total);
  return votes;
}

/** The weight of a pool that has `claims` claims, against what is beyond it. */
export function poolWeight(claims: number, half: number): number {
  return claims / (claims + half);
}

export function rankParts(
  pools: Pools,
  partOf: Int32Array,
  partNames: readonly string[],
  modelClaims: number,
  familyClaims: number,
): Ranked[] {
  const model = shares(pools.model, partOf);
  const family = shares(pools.family, partOf);
  const all = shares(pools.all, partOf);
  const a = pools.model.length > 0 ? poolWeight(modelClaims, MODEL_HALF_WEIGHT) : 0;
  const b = pools.family.length > 0 ? poolWeight(familyClaims, FAMILY_HALF_WEIGHT) : 0;
  const blended = new Map<number, number>();
  const add = (votes: Map<number, number>, weight: number) => {
    if (weight <= 0) return;
    for (const [part, v] of votes) blended.set(part, (blended.get(part) ?? 0) + v * weight);
  };
  add(model, a);
  add(family, (1 - a) * b);
  add(all, (1 - a) * (1 - b));
  // If a pool was empty its weight is not given to anyone: rescale to shares of one.
  let total = 0;
  for (const v of blended.values()) total += v;
  return [...blended]
    .map(([part, v]) => ({ part, score: total > 0 ? v / total : 0 }))
    .sort((x, y) => y.score - x.score || (partNames[x.part]! < partNames[y.part]! ? -1 : 1));
}
