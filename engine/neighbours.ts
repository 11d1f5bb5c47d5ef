import type { ClaimIndex } from './claim-index';
import { stem, words } from './text';

/*
 * The past claims most like a symptom, by the cosine of their TF-IDF vectors, in three pools:
 * the same model, the same family, and all claims. A query word weighs what its term weighs
 * (for a misspelt or abbreviated word: the commonest term it may mean), times how surely it
 * means each term it reaches.
 */

export interface Hit {
  row: number;
  similarity: number;
}

export interface Pools {
  model: Hit[];
  family: Hit[];
  all: Hit[];
}

/** The k best by similarity, smallest on top of a binary heap; ties keep the earlier row. */
class TopK {
  private rows: number[] = [];
  private sims: number[] = [];
  constructor(private readonly k: number) {}

  offer(row: number, sim: number): void {
    if (this.rows.length < this.k) {
      this.rows.push(row);
      this.sims.push(sim);
      this.up(this.rows.length - 1);
    } else if (sim > this.sims[0]!) {
      this.rows[0] = row;
      this.sims[0] = sim;
      this.down(0);
    }
  }

  hits(): Hit[] {
    return this.rows
      .map((row, i) => ({ row, similarity: this.sims[i]! }))
      .sort((a, b) => b.similarity - a.similarity || a.row - b.row);
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

export class NeighbourSearch {
  private readonly scores: Float32Array;
  private readonly touched: Int32Array;

  constructor(private readonly index: ClaimIndex) {
    this.scores = new Float32Array(index.rows.length);
    this.touched = new Int32Array(index.rows.length);
  }

  /**
   * The k nearest claims in each pool. `model` and `family` are ids (-1: unknown);
   * `exclude` leaves one claim out, for fitting the calibration on the claims themselves.
   */
  find(symptom: string, model: number, family: number, k: number, exclude = -1): Pools {
    const { vocabulary, idf, offsets, postings, inverseNorm, modelOf, familyOf } = this.index;
    const scores = this.scores;
    const touched = this.touched;
    let touchedCount = 0;
    let queryNorm = 0;
    for (const word of new Set(words(symptom).map(stem))) {
      const expansions = vocabulary.expand(word);
      if (expansions.length === 0) continue;
      // The word's weight: its own term's, or the commonest term it may stand for.
      const exact = vocabulary.ids.get(word);
      let wordIdf = exact !== undefined ? idf[exact]! : Infinity;
      if (exact === undefined)
        for (const e of expansions) wordIdf = Math.min(wordIdf, idf[e.term]!);
      queryNorm += wordIdf * wordIdf;
      for (const { term, weight } of expansions) {
        const w = weight * wordIdf * idf[term]!;
        for (let p = offsets[term]!; p < offsets[term + 1]!; p++) {
          const row = postings[p]!;
          if (scores[row] === 0) touched[touchedCount++] = row;
          scores[row]! += w * inverseNorm[row]!;
        }
      }
    }
    const inverseQuery = queryNorm > 0 ? 1 / Math.sqrt(queryNorm) : 0;
    const inModel = new TopK(k);
    const inFamily = new TopK(k);
    const inAll = new TopK(k);
    for (let i = 0; i < touchedCount; i++) {
      const row = touched[i]!;
      const sim = Math.min(1, scores[row]! * inverseQuery);
      scores[row] = 0;
      if (row === exclude) continue;
      inAll.offer(row, sim);
      if (model >= 0 && modelOf[row] === model) inModel.offer(row, sim);
      if (family >= 0 && familyOf[row] === family) inFamily.offer(row, sim);
    }
    return { model: inModel.hits(), family: inFamily.hits(), all: inAll.hits() };
  }
}
