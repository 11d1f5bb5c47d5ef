import type { ClaimEvidence } from './types';
import { terms } from './text';
import { Vocabulary } from './vocabulary';

/*
 * The index over the claims' symptoms: an inverted list per term (compressed rows, typed
 * arrays, so half a million claims take tens of megabytes), each claim's model, family and
 * causal part as small integers, and each claim's norm for the cosine. Only the symptom is
 * indexed: the defect is written after the repair and would give the answer away.
 */

export interface ClaimIndex {
  rows: readonly ClaimEvidence[];
  vocabulary: Vocabulary;
  /** Inverse document frequency per term. */
  idf: Float32Array;
  /** Claims of term t: postings[offsets[t] .. offsets[t + 1]). */
  offsets: Int32Array;
  postings: Int32Array;
  /** 1 / the claim's vector length (0 for a symptom without terms). */
  inverseNorm: Float32Array;
  modelOf: Int32Array;
  familyOf: Int32Array;
  partOf: Int32Array;
  models: Map<string, number>;
  families: Map<string, number>;
  /** The family most claims of each model name (-1: none). */
  familyOfModel: Int32Array;
  claimsOfModel: Int32Array;
  claimsOfFamily: Int32Array;
  parts: string[];
  partIds: Map<string, number>;
}

function idOf(map: Map<string, number>, key: string): number {
  let id = map.get(key);
  if (id === undefined) {
    id = map.size;
    map.set(key, id);
  }
  return id;
}

export function buildIndex(rows: readonly ClaimEvidence[]): ClaimIndex {
  const n = rows.length;
  const vocabulary = new Vocabulary();
  const models = new Map<string, number>();
  const families = new Map<string, number>();
  const partIds = new Map<string, number>();
  const modelOf = new Int32Array(n);
  const familyOf = new Int32Array(n);
  const partOf = new Int32Array(n);
  // Each claim's term ids, flat: termStart[i] .. termStart[i + 1].
  const termStart = new Int32Array(n + 1);
  let flat = new Int32Array(Math.max(16, n * 6));
  let used = 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    modelOf[i] = idOf(models, row.model);
    familyOf[i] = row.family ? idOf(families, row.family) : -1;
    partOf[i] = idOf(partIds, row.causalPart);
    for (const term of terms(row.symptom)) {
      if (used === flat.length) {
        const bigger = new Int32Array(flat.length * 2);
        bigger.set(flat);
        flat = bigger;
      }
      flat[used++] = vocabulary.add(term);
    }
    termStart[i + 1] = used;
  }

  const termCount = vocabulary.terms.length;
  const df = new Int32Array(termCount);
  for (let k = 0; k < used; k++) df[flat[k]!]!++;
  vocabulary.seal(df);
  const idf = new Float32Array(termCount);
  for (let t = 0; t < termCount; t++) idf[t] = Math.log(1 + n / (df[t]! + 1));

  const offsets = new Int32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) offsets[t + 1] = offsets[t]! + df[t]!;
  const fill = offsets.slice(0, termCount);
  const postings = new Int32Array(used);
  const inverseNorm = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let k = termStart[i]!; k < termStart[i + 1]!; k++) {
      const t = flat[k]!;
      postings[fill[t]!++] = i;
      sum += idf[t]! * idf[t]!;
    }
    inverseNorm[i] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  }

  const claimsOfModel = new Int32Array(models.size);
  const claimsOfFamily = new Int32Array(families.size);
  const familyVotes = new Map<number, Map<number, number>>();
  for (let i = 0; i < n; i++) {
    claimsOfModel[modelOf[i]!]!++;
    const f = familyOf[i]!;
    if (f < 0) continue;
    claimsOfFamily[f]!++;
    const votes = familyVotes.get(modelOf[i]!) ?? new Map<number, number>();
    votes.set(f, (votes.get(f) ?? 0) + 1);
    familyVotes.set(modelOf[i]!, votes);
  }
  const familyOfModel = new Int32Array(models.size).fill(-1);
  for (const [m, votes] of familyVotes) {
    let best = -1;
    for (const [f, count] of votes) if (best < 0 || count > votes.get(best)!) best = f;
    familyOfModel[m] = best;
  }

  return {
    rows,
    vocabulary,
    idf,
    offsets,
    postings,
    inverseNorm,
    modelOf,
    familyOf,
    partOf,
    models,
    families,
    familyOfModel,
    claimsOfModel,
    claimsOfFamily,
    parts: [...partIds.keys()],
    partIds,
  };
}
