import type { PredictionQuality, QualityCounts } from '../../contract/prediction-quality';
import type { ClaimEvidence } from '../../contract/predictions';
import type { Outcome } from './metrics';

/*
 * The tested claims as the Predictions quality page counts the product's own predictions: hits
 * in the top 1, 3 and 5 by month (the claim's) and by model, in the page's shape and order, so
 * what the evaluation expects and what happened read side by side.
 */

const none = (): QualityCounts => ({ settled: 0, top1: 0, top3: 0, top5: 0 });

function count(into: Map<string, QualityCounts>, key: string, rank: number) {
  let counts = into.get(key);
  if (!counts) into.set(key, (counts = none()));
  counts.settled++;
  if (rank === 1) counts.top1++;
  if (rank >= 1 && rank <= 3) counts.top3++;
  if (rank >= 1 && rank <= 5) counts.top5++;
}

/** `outcomes[i]` is the answer to `claims[i]`. */
export function qualityOf(
  claims: readonly ClaimEvidence[],
  outcomes: readonly Outcome[],
): PredictionQuality {
  const months = new Map<string, QualityCounts>();
  const models = new Map<string, QualityCounts>();
  claims.forEach((claim, i) => {
    const rank = outcomes[i]?.rank ?? 0;
    count(months, claim.date.slice(0, 7), rank);
    count(models, claim.model, rank);
  });
  return {
    months: [...months]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, counts]) => ({ month, ...counts })),
    models: [...models]
      .sort(([a, x], [b, y]) => y.settled - x.settled || (a < b ? -1 : 1))
      .map(([model, counts]) => ({ model, ...counts })),
    pending: 0,
  };
}
