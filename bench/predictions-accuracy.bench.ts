// Parts-prediction accuracy on the demo claims' held-out test split (docs/predictions.md), as
// the gateway builds its engine: learning from every claim older than the newest 20 %, its
// probabilities fitted on the newest fifth of those, answering the newest 20 %; beside the
// baselines "nearest 25 by character 4-grams" and "most frequent causal part of the model",
// with bootstrap intervals and the rolling-origin mean. The same figures as `npm run predictions:eval`. Goals: top-3 at least 30 points above the baseline's top-3,
// expected calibration error at most 0.05.
//   BENCH_CLAIMS  'small' (default, a few thousand claims) or 'large' (500,000)
import { demoClaims } from '../gateway/seed/demo-claims';
import { evaluate } from '../scripts/predictions-eval/evaluate';
import { printReport } from '../scripts/predictions-eval/report';

const size = process.env.BENCH_CLAIMS === 'large' ? 'large' : 'small';
const rows = demoClaims(size);
const result = evaluate(rows);
printReport(`demo claims (${size})`, rows.length, [], result);
const gain = (result.engine.top3 - result.baseline.top3) * 100;
console.log(
  `\ngoals: top-3 ${gain.toFixed(1)} points above the baseline (goal 30), ECE ${result.engine.ece.toFixed(3)} (goal <= 0.05)`,
);
