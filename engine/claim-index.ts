import type { EngineRow, TermStatistics } from './types';
import { termCounts } from './term-focus';
import { terms } from './text';
import { Vocabulary } from './vocabulary';

/*
 * The index over the claims' symptoms: an inverted list per term (compressed rows, typed
 * arrays, so half a million claims take tens of megabytes), each claim's model and causal part
 * as small integers, and each claim's norm for the cosine. Only the symptom is indexed: the
 * defect is written after the repair and would give the answer away.
 *
 * Claims are held in their own order, grouped by family, then model (a model belongs to the
 * family most of its claims name): a model's claims, and a family's, are then one range of
 * every term's list, so a query about a model with many claims reads only that range.
 */

export interface Range {
  from: number;
  to: number;
}

export interface ClaimIndex {
  /** The claim at a position of the index's order. */
  row(at: number): EngineRow;
  /** The index position of the caller's row i. */
  positionOf: Int32Array;
  size: number;
  vocabulary: Vocabulary;
  /** Each term's weight: its inverse document frequency times its focus (term-focus.ts). */
  idf: Float32Array;
  /** Positions of term t's claims, ascending: postings[offsets[t] .. offsets[t + 1]). */
  offsets: Int32Array;
  postings: Int32Array;
  /** 1 / the claim's vector length (0 for a symptom without terms). */
  inverseNorm: Float32Array;
  partOf: Int32Array;
  /** Claims each position stands for (1 for a claim; more for a text many claims wrote). */
  weight: Float32Array;
  /** Claims of each model and family, by weight: how much each pool has to say. */
  modelClaims: Float64Array;
  familyClaims: Float64Array;
  models: Map<string, number>;
  families: Map<string, number>;
  /** The family most claims of each model name (-1: none). */
  familyOfModel: Int32Array;
  modelRange: Range[];
  familyRange: Range[];
  parts: string[];
  /** Claims (by weight) of each causal part: in all, and per model and family (key id * parts + part). */
  partClaims: Float64Array;
  modelPartClaims: Map<number, number>;
  familyPartClaims: Map<number, number>;
}

function idOf(map: Map<string, number>, key: string): number {
  let id = map.get(key);
  if (id === undefined) {
    id = map.size;
    map.set(key, id);
  }
  return id;
}

export function buildIndex(rows: readonly EngineRow[], stats?: TermStatistics): ClaimIndex {
  const n = rows.length;
  const vocabulary = new Vocabulary();
  const models = new Map<string, number>();
  const families = new Map<string, number>();
  const partIds = new Map<string, number>();
  const modelOfRow = new Int32Array(n);
  const familyOfRow = new Int32Array(n);
  const partOfRow = new Int32Array(n);
  const weightOfRow = new Float32Array(n);
  let totalWeight = 0;
  // Each claim's term ids, flat: termStart[i] .. termStart[i + 1], in the caller's order.
  const termStart = new Int32Array(n + 1);
  let flat = new Int32Array(Math.max(16, n * 6));
  let used = 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    modelOfRow[i] = idOf(models, row.model);
    familyOfRow[i] = row.family ? idOf(families, row.family) : -1;
    partOfRow[i] = idOf(partIds, row.causalPart);
    weightOfRow[i] = row.weight ?? 1;
    totalWeight += weightOfRow[i]!;
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

  const familyOfModel = majorityFamily(models.size, modelOfRow, familyOfRow);
  // Models in family order (no family last), then claims in their model's order, stably.
  const modelOrder = [...models.values()].sort((a, b) => {
    const fa = familyOfModel[a]! < 0 ? Infinity : familyOfModel[a]!;
    const fb = familyOfModel[b]! < 0 ? Infinity : familyOfModel[b]!;
    return fa - fb || a - b;
  });
  const claimsOfModel = new Int32Array(models.size);
  const modelClaims = new Float64Array(models.size);
  for (let i = 0; i < n; i++) {
    claimsOfModel[modelOfRow[i]!]!++;
    modelClaims[modelOfRow[i]!]! += weightOfRow[i]!;
  }
  const familyClaims = new Float64Array(families.size);
  for (let m = 0; m < models.size; m++) {
    if (familyOfModel[m]! >= 0) familyClaims[familyOfModel[m]!]! += modelClaims[m]!;
  }
  const modelRange: Range[] = new Array<Range>(models.size);
  const familyRange: Range[] = Array.from({ length: families.size }, () => ({ from: 0, to: 0 }));
  let at = 0;
  for (const m of modelOrder) {
    modelRange[m] = { from: at, to: at + claimsOfModel[m]! };
    const f = familyOfModel[m]!;
    if (f >= 0) {
      if (familyRange[f]!.to === 0) familyRange[f]!.from = at;
      familyRange[f]!.to = at + claimsOfModel[m]!;
    }
    at += claimsOfModel[m]!;
  }
  const next = modelRange.map((r) => r.from);
  const order = new Int32Array(n);
  const positionOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const position = next[modelOfRow[i]!]!++;
    order[position] = i;
    positionOf[i] = position;
  }

  const termCount = vocabulary.terms.length;
  // Given the maker's statistics, words weigh what they weigh over all of its claims; without
  // them, over these claims.
  const statistics: TermStatistics = stats ?? {
    claims: totalWeight,
    ...termCounts<string>(
      n,
      (i, visit) => {
        for (let k = termStart[i]!; k < termStart[i + 1]!; k++) visit(vocabulary.terms[flat[k]!]!);
      },
      (i) => partOfRow[i]!,
      (i) => weightOfRow[i]!,
    ),
  };
  const weighted = new Int32Array(termCount);
  for (let t = 0; t < termCount; t++) weighted[t] = statistics.df.get(vocabulary.terms[t]!) ?? 0;
  vocabulary.seal(weighted);
  const idf = new Float32Array(termCount);
  // Smoothed, with one added: a word every claim uses still counts a little, and the rarest do
  // not drown the rest (measured on real work orders and the demo claims, docs/predictions.md).
  for (let t = 0; t < termCount; t++) {
    const focus = statistics.focus.get(vocabulary.terms[t]!) ?? 1;
    idf[t] = (Math.log((1 + statistics.claims) / (1 + weighted[t]!)) + 1) * focus;
  }

  const entries = new Int32Array(termCount);
  for (let k = 0; k < used; k++) entries[flat[k]!]!++;
  const offsets = new Int32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) offsets[t + 1] = offsets[t]! + entries[t]!;
  const fill = offsets.slice(0, termCount);
  const postings = new Int32Array(used);
  const inverseNorm = new Float32Array(n);
  const partOf = new Int32Array(n);
  const weight = new Float32Array(n);
  for (let position = 0; position < n; position++) {
    const i = order[position]!;
    partOf[position] = partOfRow[i]!;
    weight[position] = weightOfRow[i]!;
    let sum = 0;
    for (let k = termStart[i]!; k < termStart[i + 1]!; k++) {
      const t = flat[k]!;
      postings[fill[t]!++] = position;
      sum += idf[t]! * idf[t]!;
    }
    inverseNorm[position] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  }

  const partCount = partIds.size;
  const partClaims = new Float64Array(partCount);
  const modelPartClaims = new Map<number, number>();
  const familyPartClaims = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const part = partOfRow[i]!;
    const w = weightOfRow[i]!;
    partClaims[part]! += w;
    const mk = modelOfRow[i]! * partCount + part;
    modelPartClaims.set(mk, (modelPartClaims.get(mk) ?? 0) + w);
    const f = familyOfModel[modelOfRow[i]!]!;
    if (f >= 0) {
      const fk = f * partCount + part;
      familyPartClaims.set(fk, (familyPartClaims.get(fk) ?? 0) + w);
    }
  }

  return {
    partClaims,
    modelPartClaims,
    familyPartClaims,
    row: (position) => rows[order[position]!]!,
    positionOf,
    size: n,
    vocabulary,
    idf,
    offsets,
    postings,
    inverseNorm,
    partOf,
    weight,
    modelClaims,
    familyClaims,
    models,
    families,
    familyOfModel,
    modelRange,
    familyRange,
    parts: [...partIds.keys()],
  };
}

/** The family most of each model's claims name (-1: none names one). */
function majorityFamily(models: number, modelOf: Int32Array, familyOf: Int32Array): Int32Array {
  const votes = new Map<number, Map<number, number>>();
  for (let i = 0; i < modelOf.length; i++) {
    const f = familyOf[i]!;
    if (f < 0) continue;
    const v = votes.get(modelOf[i]!) ?? new Map<number, number>();
    v.set(f, (v.get(f) ?? 0) + 1);
    votes.set(modelOf[i]!, v);
  }
  const out = new Int32Array(models).fill(-1);
  for (const [m, v] of votes) {
    let best = -1;
    for (const [f, count] of v) if (best < 0 || count > v.get(best)!) best = f;
    out[m] = best;
  }
  return out;
}
