import type { ClaimEvidence } from '../../contract/predictions';
import { commonPartsSet, medianLabour } from '../../engine/repair';
import type { Answer } from './metrics';

/*
 * The baseline beside the engine: whatever the symptom, the model's most frequent causal
 * parts (all claims' for a model never seen), with their share as the probability and the
 * same parts-set and labour rules as the engine, over the model's claims of that part.
 */
export function frequencyBaseline(rows: readonly ClaimEvidence[], limit = 5) {
  const byModel = new Map<string, Map<string, ClaimEvidence[]>>();
  const all = new Map<string, ClaimEvidence[]>();
  for (const row of rows) {
    const parts = byModel.get(row.model) ?? new Map<string, ClaimEvidence[]>();
    byModel.set(row.model, parts);
    for (const map of [parts, all]) {
      const list = map.get(row.causalPart);
      if (list) list.push(row);
      else map.set(row.causalPart, [row]);
    }
  }
  const answersOf = (parts: Map<string, ClaimEvidence[]>): Answer[] => {
    let total = 0;
    for (const claims of parts.values()) total += claims.length;
    return [...parts]
      .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([causalPart, claims]) => ({
        causalPart,
        probability: claims.length / total,
        requiredParts: commonPartsSet(claims),
        labourHours: medianLabour(claims),
      }));
  };
  const cache = new Map<string, Answer[]>();
  const overall = answersOf(all);
  return (model: string): Answer[] => {
    const parts = byModel.get(model);
    if (!parts) return overall;
    let answers = cache.get(model);
    if (!answers) cache.set(model, (answers = answersOf(parts)));
    return answers;
  };
}
