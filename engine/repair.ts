import type { ClaimEvidence, PartsCombination } from './types';

/*
 * What to bring and how long it takes, from the neighbours that had the answer's causal part:
 * the parts set most of them used (with quantities; equal counts go to the set seen first among
 * the closest), and the median of their recorded labour, in whole hours.
 */

type Parts = PartsCombination['requiredParts'];

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
