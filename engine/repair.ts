import type { ClaimEvidence, PartsCombination } from './types';

/*
 * What to bring and how long it takes, from the neighbours that had the answer's causal part:
 * the parts set most of them used (with quantities; equal counts go to the set seen first among
 * the closest), and the median of their recorded labour, in whole hours.
 */

type Parts = PartsCombination['requiredParts'];

/** Fewer claims than this give no parts set or labour of their own: they would be one claim's. */
export const AGGREGATE_MIN_CLAIMS = 3;

/** A parts set as a key: part numbers with quantities, in part-number order. */
export function partsKey(parts: Parts): string {
  return [...parts]
    .sort((a, b) => (a.partNumber < b.partNumber ? -1 : a.partNumber > b.partNumber ? 1 : 0))
    .map((p) => `${p.partNumber}:${p.quantity}`)
    .join(';');
}

/** The most common parts set of the claims, closest first; ties go to the earlier one. */
export function commonPartsSet(claims: readonly ClaimEvidence[]): Parts {
  const counts = new Map<string, { count: number; parts: Parts }>();
  for (const claim of claims) {
    const key = partsKey(claim.parts);
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { count: 1, parts: claim.parts });
  }
  // Map order is first-seen order: a strict "more" keeps the earlier of equal counts.
  let best: { count: number; parts: Parts } | null = null;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best
    ? [...best.parts].sort((a, b) => (a.partNumber < b.partNumber ? -1 : 1)).map((p) => ({ ...p }))
    : [];
}

/** The median of the recorded labour, rounded to whole hours; null when none recorded any. */
export function medianLabour(claims: readonly ClaimEvidence[]): number | null {
  const hours = claims
    .map((c) => c.labourHours)
    .filter((h): h is number => h !== null && Number.isFinite(h) && h >= 0)
    .sort((a, b) => a - b);
  if (hours.length === 0) return null;
  const mid = hours.length >> 1;
  const median = hours.length % 2 ? hours[mid]! : (hours[mid - 1]! + hours[mid]!) / 2;
  return Math.round(median);
}

/**
 * The parts set of a part's claims: the one most used if at least two claims used exactly it;
 * otherwise each part that at least half of them (and two) used, in its commonest quantity.
 */
function aggregateParts(claims: readonly ClaimEvidence[]): Parts {
  const sets = new Map<string, { count: number; parts: Parts }>();
  for (const claim of claims) {
    const key = partsKey(claim.parts);
    const entry = sets.get(key) ?? { count: 0, parts: claim.parts };
    entry.count++;
    sets.set(key, entry);
  }
  let best: { count: number; parts: Parts } | null = null;
  for (const entry of sets.values()) if (!best || entry.count > best.count) best = entry;
  const byNumber = (a: { partNumber: string }, b: { partNumber: string }) =>
    a.partNumber < b.partNumber ? -1 : 1;
  if (best && best.count >= 2) return [...best.parts].sort(byNumber).map((p) => ({ ...p }));
  const uses = new Map<string, { description: string; quantities: Map<number, number> }>();
  for (const claim of claims) {
    for (const p of claim.parts) {
      const use = uses.get(p.partNumber) ?? { description: p.description, quantities: new Map() };
      use.quantities.set(p.quantity, (use.quantities.get(p.quantity) ?? 0) + 1);
      uses.set(p.partNumber, use);
    }
  }
  const out: Parts = [];
  for (const [partNumber, { description, quantities }] of uses) {
    let count = 0;
    let quantity = 1;
    let most = 0;
    for (const [q, n] of quantities) {
      count += n;
      if (n > most) [quantity, most] = [q, n];
    }
    if (count >= 2 && count * 2 >= claims.length) out.push({ partNumber, description, quantity });
  }
  return out.sort(byNumber);
}

/**
 * A part's aggregates, from claims enough that none of them is one claim's own: what the
 * device's bundle carries per part, and what an answer without neighbours brings.
 */
export function repairOf(claims: readonly ClaimEvidence[]): {
  requiredParts: Parts;
  labourHours: number | null;
} {
  if (claims.length < AGGREGATE_MIN_CLAIMS) return { requiredParts: [], labourHours: null };
  const recorded = claims.filter((c) => c.labourHours !== null).length;
  return {
    requiredParts: aggregateParts(claims).slice(0, 50),
    labourHours: recorded >= AGGREGATE_MIN_CLAIMS ? medianLabour(claims) : null,
  };
}

/** The value written most often; of equal counts, the one seen first ('' for none). */
export function commonest(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = '';
  let most = 0;
  for (const [v, n] of counts) if (n > most) [best, most] = [v, n];
  return best;
}
