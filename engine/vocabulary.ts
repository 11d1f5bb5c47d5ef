import { stem } from './text';

/*
 * The terms the claims use, and how a query's word reaches them. A technician writes "hyd",
 * "hydraulic" or "hydrualic", "leaks" or "leaking": a query word matches the vocabulary's term
 * exactly, as another form of the same stem, as an abbreviation (one is the start of the
 * other) or as a misspelling (one edit for a short word, two for a long one, found through the
 * terms' character trigrams). All of it is learned from the vocabulary of the rows, so it holds
 * for any maker's words.
 */

export interface Expansion {
  term: number;
  /** How surely the query word means this term, 0..1. */
  weight: number;
}

/** The shortest word taken as an abbreviation of a longer one. */
const MIN_ABBREVIATION = 3;
/** Misspellings are looked for in words at least this long. */
const MIN_FUZZY = 4;
const ABBREVIATION_WEIGHT = 0.8;
/** Another form of the word's stem: close, yet a word as written says more. */
const SAME_STEM_WEIGHT = 0.8;
const MISSPELLING_WEIGHT = 0.8;
const MAX_PREFIX_TERMS = 12;

function trigrams(term: string): string[] {
  const padded = `^${term}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/** Optimal string alignment distance (Levenshtein with adjacent swaps), stopping above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = [new Array<number>(b.length + 1).fill(0), new Array<number>(b.length + 1).fill(0)];
  let prevPrev = new Array<number>(b.length + 1).fill(0);
  let prev = rows[0]!;
  let cur = rows[1]!;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, prevPrev[j - 2]! + 1);
      }
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = cur;
    cur = spare;
  }
  return prev[b.length]!;
}

export class Vocabulary {
  readonly ids = new Map<string, number>();
  readonly terms: string[] = [];
  /** Term ids in the terms' alphabetical order, for prefix ranges. */
  private sorted: Int32Array = new Int32Array(0);
  private byTrigram = new Map<string, number[]>();
  private byStem = new Map<string, number[]>();
  private cache = new Map<string, Expansion[]>();

  /** The id of a term, added when new. */
  add(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
    }
    return id;
  }

  /** Builds the lookups once every term is in; `df` is each term's number of claims. */
  seal(df: Int32Array): void {
    this.df = df;
    const ids = Array.from(this.terms.keys());
    ids.sort((a, b) => (this.terms[a]! < this.terms[b]! ? -1 : 1));
    this.sorted = Int32Array.from(ids);
    for (let id = 0; id < this.terms.length; id++) {
      const term = this.terms[id]!;
      const forms = this.byStem.get(stem(term));
      if (forms) forms.push(id);
      else this.byStem.set(stem(term), [id]);
      if (term.length < MIN_FUZZY || /\d/.test(term)) continue;
      for (const g of new Set(trigrams(term))) {
        const list = this.byTrigram.get(g);
        if (list) list.push(id);
        else this.byTrigram.set(g, [id]);
      }
    }
  }

  private df: Int32Array = new Int32Array(0);

  /** The terms a query word may mean, with how surely; cached per word. */
  expand(word: string): Expansion[] {
    const hit = this.cache.get(word);
    if (hit) return hit;
    const found = new Map<number, number>();
    const put = (term: number, weight: number) => {
      if (weight > (found.get(term) ?? 0)) found.set(term, weight);
    };
    const exact = this.ids.get(word);
    if (exact !== undefined) put(exact, 1);
    for (const id of this.byStem.get(stem(word)) ?? []) put(id, SAME_STEM_WEIGHT);
    if (!/\d/.test(word)) {
      this.abbreviations(word, put);
      this.misspellings(word, put);
    }
    const out = [...found].map(([term, weight]) => ({ term, weight }));
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(word, out);
    return out;
  }

  /** Longer terms the word starts (it is their abbreviation), and shorter terms that start it. */
  private abbreviations(word: string, put: (term: number, weight: number) => void): void {
    if (word.length < MIN_ABBREVIATION) return;
    // Longer terms: shared by how often each is used, so "eng" leans to the commoner word.
    const longer = this.prefixRange(word)
      .filter((id) => this.terms[id] !== word)
      .sort((a, b) => this.df[b]! - this.df[a]!)
      .slice(0, MAX_PREFIX_TERMS);
    const total = longer.reduce((sum, id) => sum + this.df[id]!, 0);
    for (const id of longer) {
      put(id, ABBREVIATION_WEIGHT * Math.sqrt(this.df[id]! / total));
    }
    // Shorter terms that the word starts with: the claims' own abbreviations of it.
    for (let n = MIN_ABBREVIATION; n < word.length; n++) {
      const id = this.ids.get(word.slice(0, n));
      if (id === undefined) continue;
      const siblings = this.prefixRange(word.slice(0, n));
      const total = siblings.reduce((sum, s) => sum + this.df[s]!, 0);
      const self = this.ids.get(word);
      const share = self === undefined ? 1 : this.df[self]! / Math.max(1, total - this.df[id]!);
      put(id, ABBREVIATION_WEIGHT * Math.sqrt(Math.min(1, share)));
    }
  }

  private misspellings(word: string, put: (term: number, weight: number) => void): void {
    if (word.length < MIN_FUZZY) return;
    const max = word.length >= 8 ? 2 : 1;
    const shared = new Map<number, number>();
    for (const g of new Set(trigrams(word))) {
      for (const id of this.byTrigram.get(g) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    const grams = word.length;
    for (const [id, count] of shared) {
      const term = this.terms[id]!;
      if (term === word || Math.abs(term.length - word.length) > max) continue;
      // Each edit breaks at most three trigrams; fewer shared cannot be within reach.
      if (count < grams - 3 * max) continue;
      const d = editDistance(word, term, max);
      if (d <= max) put(id, MISSPELLING_WEIGHT * (1 - (d - 1) * 0.25));
    }
  }

  private prefixRange(prefix: string): number[] {
    const s = this.sorted;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[s[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < s.length && this.terms[s[i]!]!.startsWith(prefix); i++) {
      out.push(s[i]!);
      if (out.length > 500) break;
    }
    return out;
  }
}
