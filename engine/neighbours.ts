import type { ClaimIndex, Range } from './claim-index';
import { terms } from './text';

/*
 * The past claims most like a symptom, by the cosine of their TF-IDF vectors, in three pools:
 * the same model, the same family, and all claims; only the widest pool asked for is scored.
 * Beside each pool's k nearest, every claim that shares a word adds to its causal part's pooled
 * evidence, so a part whose claims are many and short is seen whole. A query word weighs what its term weighs
 * (for a misspelt or abbreviated word: the commonest term it may mean), times how surely it
 * means each term it reaches.
 */

export interface Hit {
  row: number;
  similarity: number;
  /** Claims this neighbour stands for among the k (the farthest may count in part). */
  weight: number;
}

/** Per causal part (index), a pool's evidence: every matching claim's weighted similarity to a power. */
export type PartSums = Map<number, number>;

export interface Pools {
  model: Hit[];
  family: Hit[];
  all: Hit[];
  /** Every claim that shares a word, pooled by causal part: not only the k nearest. */
  pooled: { model: PartSums; family: PartSums; all: PartSums };
}

/**
 * A claim's share of the pooled evidence: its similarity to the 8th power, high enough that the
 * many claims sharing one common word do not outvote the few that share the symptom (2 and 4
 * did worse on the demo claims and the aviation logbook; docs/predictions.md). Three squarings:
 * a power call a claim would cost more than the rest of its work.
 */
function pooledPower(sim: number): number {
  const s2 = sim * sim;
  const s4 = s2 * s2;
  return s4 * s4;
}

/**
 * The k best claims by similarity, smallest on top of a binary heap. A row may stand for
 * several claims (its weight): the heap keeps the fewest best rows that hold k claims, so k
 * claims written alike weigh as k rows of one claim each would. Claims as similar as the
 * farthest kept one share the places left, whatever their order: an answer never depends on
 * which of equally similar claims came first, nor on whether they were sent as one row.
 */
class TopK {
  private rows: number[] = [];
  private sims: number[] = [];
  private weights: number[] = [];
  private total = 0;
  /** Rows left out at the least similarity seen leaving: the tie at the last places. */
  private tiedSim = -1;
  private tied: { row: number; similarity: number; weight: number }[] = [];
  constructor(private readonly k: number) {}

  offer(row: number, sim: number, weight: number): void {
    if (this.total >= this.k) {
      if (sim < this.sims[0]!) return;
      if (sim === this.sims[0]) return this.leave(row, sim, weight);
    }
    this.rows.push(row);
    this.sims.push(sim);
    this.weights.push(weight);
    this.total += weight;
    this.up(this.rows.length - 1);
    while (this.rows.length > 1 && this.total - this.weights[0]! >= this.k) this.pop();
  }

  hits(): Hit[] {
    const hits = this.rows
      .map((row, i) => ({ row, similarity: this.sims[i]!, weight: this.weights[i]! }))
      .sort((a, b) => b.similarity - a.similarity || a.row - b.row);
    const least = hits.at(-1)?.similarity;
    if (least === undefined) return hits;
    const above = hits.filter((h) => h.similarity > least);
    const group = [
      ...hits.filter((h) => h.similarity === least),
      ...(this.tiedSim === least ? this.tied : []),
    ].sort((a, b) => a.row - b.row);
    const placed = above.reduce((sum, h) => sum + h.weight, 0);
    const tiedWeight = group.reduce((sum, h) => sum + h.weight, 0);
    const share = Math.min(1, (this.k - placed) / tiedWeight);
    return [...above, ...group.map((h) => ({ ...h, weight: h.weight * share }))];
  }

  private leave(row: number, similarity: number, weight: number): void {
    if (similarity < this.tiedSim) return;
    if (similarity > this.tiedSim) {
      this.tiedSim = similarity;
      this.tied = [];
    }
    this.tied.push({ row, similarity, weight });
  }

  private pop(): void {
    const [row, sim, weight] = [this.rows[0]!, this.sims[0]!, this.weights[0]!];
    this.total -= weight;
    const end = this.rows.length - 1;
    this.swap(0, end);
    this.rows.pop();
    this.sims.pop();
    this.weights.pop();
    this.down(0);
    this.leave(row, sim, weight);
  }

  private less(i: number, j: number): boolean {
    return (
      this.sims[i]! < this.sims[j]! ||
      (this.sims[i] === this.sims[j] && this.rows[i]! > this.rows[j]!)
    );
  }

  private swap(i: number, j: number): void {
    [this.rows[i], this.rows[j]] = [this.rows[j]!, this.rows[i]!];
    [this.sims[i], this.sims[j]] = [this.sims[j]!, this.sims[i]!];
    [this.weights[i], this.weights[j]] = [this.weights[j]!, this.weights[i]!];
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.rows.length;
    for (;;) {
      let smallest = i;
      const l = 2 * i + 1;
      const r = l + 1;
      if (l < n && this.less(l, smallest)) smallest = l;
      if (r < n && this.less(r, smallest)) smallest = r;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}

/** The first position p in [lo, hi) of a sorted list with list[p] >= value. */
function lowerBound(list: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Scope {
  /** Claims scored at all: the widest pool asked for. */
  scored: Range;
  model: Range | null;
  family: Range | null;
  /** Whether the pool of all claims is asked for (then `scored` is every claim). */
  all: boolean;
}

export class NeighbourSearch {
  private readonly scores: Float32Array;
  private readonly touched: Int32Array;
  private readonly partCount: number;
  /** Pooled evidence per pool (model, family, all) and part, zero between queries. */
  private readonly partSums: Float64Array;

  constructor(private readonly index: ClaimIndex) {
    this.scores = new Float32Array(index.size);
    this.touched = new Int32Array(index.size);
    this.partCount = index.parts.length;
    this.partSums = new Float64Array(3 * this.partCount);
  }

  /** The k nearest claims in each pool asked for; `exclude` (a position) leaves one out. */
  find(symptom: string, scope: Scope, k: number, exclude = -1): Pools {
    const { vocabulary, idf, offsets, postings, inverseNorm, weight, partOf } = this.index;
    const scores = this.scores;
    const touched = this.touched;
    const { from, to } = scope.scored;
    let touchedCount = 0;
    let queryNorm = 0;
    for (const word of terms(symptom)) {
      const expansions = vocabulary.expand(word);
      if (expansions.length === 0) continue;
      // The word's weight: its own term's, or the commonest term it may stand for.
      const exact = vocabulary.ids.get(word);
      let wordIdf = exact !== undefined ? idf[exact]! : Infinity;
      if (exact === undefined) {
        for (const e of expansions) wordIdf = Math.min(wordIdf, idf[e.term]!);
      }
      queryNorm += wordIdf * wordIdf;
      for (const { term, weight } of expansions) {
        const w = weight * wordIdf * idf[term]!;
        const end = offsets[term + 1]!;
        let p = lowerBound(postings, offsets[term]!, end, from);
        for (; p < end; p++) {
          const row = postings[p]!;
          if (row >= to) break;
          if (scores[row] === 0) touched[touchedCount++] = row;
          scores[row]! += w * inverseNorm[row]!;
        }
      }
    }
    const inverseQuery = queryNorm > 0 ? 1 / Math.sqrt(queryNorm) : 0;
    const inModel = new TopK(k);
    const inFamily = new TopK(k);
    const inAll = new TopK(k);
    const m = scope.model ?? { from: 0, to: 0 };
    const f = scope.family ?? { from: 0, to: 0 };
    // Per part, in typed arrays: a map per claim touched would cost a hash a claim.
    const sums = this.partSums;
    const partsTouched: number[] = [];
    const pool = (kind: number, part: number, v: number) => {
      const at = kind * this.partCount + part;
      if (sums[at] === 0) partsTouched.push(at);
      sums[at]! += v;
    };
    for (let i = 0; i < touchedCount; i++) {
      const row = touched[i]!;
      const sim = Math.min(1, scores[row]! * inverseQuery);
      scores[row] = 0;
      if (row === exclude) continue;
      const w = weight[row]!;
      const v = w * pooledPower(sim);
      const part = partOf[row]!;
      if (scope.all) {
        inAll.offer(row, sim, w);
        pool(2, part, v);
      }
      if (row >= m.from && row < m.to) {
        inModel.offer(row, sim, w);
        pool(0, part, v);
      }
      if (row >= f.from && row < f.to) {
        inFamily.offer(row, sim, w);
        pool(1, part, v);
      }
    }
    const pooled = [
      new Map<number, number>(),
      new Map<number, number>(),
      new Map<number, number>(),
    ];
    for (const at of partsTouched) {
      pooled[Math.floor(at / this.partCount)]!.set(at % this.partCount, sums[at]!);
      sums[at] = 0;
    }
    return {
      model: inModel.hits(),
      family: inFamily.hits(),
      all: inAll.hits(),
      pooled: { model: pooled[0]!, family: pooled[1]!, all: pooled[2]! },
    };
  }
}
