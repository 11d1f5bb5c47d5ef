import { z } from 'zod/mini';

/*
 * How good the predictions were, once what happened is known (docs/predictions.md "Scored
 * against what happened"): counts per month the prediction was made and per model. The top-k
 * counts are cumulative: a hit at 1 counts in top1, top3 and top5.
 */

export const qualityCountsSchema = z.object({
  /** Predictions whose causal part is known. */
  settled: z.number(),
  top1: z.number(),
  top3: z.number(),
  top5: z.number(),
});
export type QualityCounts = z.infer<typeof qualityCountsSchema>;

export const predictionQualitySchema = z.object({
  /** Oldest first; month is YYYY-MM (UTC). */
  months: z.array(z.extend(qualityCountsSchema, { month: z.string() })),
  /** Most settled first. */
  models: z.array(z.extend(qualityCountsSchema, { model: z.string() })),
  /** Predictions still waiting for their causal part. */
  pending: z.number(),
});
export type PredictionQuality = z.infer<typeof predictionQualitySchema>;

/** The share of settled predictions hit in the top k, 0..1; null with nothing settled. */
export function hitRate(counts: QualityCounts, k: 1 | 3 | 5): number | null {
  if (counts.settled === 0) return null;
  const hits = k === 1 ? counts.top1 : k === 3 ? counts.top3 : counts.top5;
  return hits / counts.settled;
}
