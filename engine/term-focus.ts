/*
 * How strongly a word points at one causal part: one less the entropy of the causal parts of
 * the claims that use it, as a share of the most it can be. Rarity alone (IDF) cannot tell a
 * rare word that names a part from a rare word that names nothing: in a terse logbook "to",
 * "be" and "need" are rarer than "gaskets", and "need to be replaced" found the spark plugs'
 * claims for a rocker cover gasket. Multiplying IDF by the focus lets the word that names the
 * part lead (supervised term weighting).
 */

/**
 * Claims' worth of the parts' spread (evenly over all of them) added to every word's own
 * parts, so a word of one or two claims is not taken as sure. Chosen on the claims held out
 * for calibration, never the test: 1-2 gained 1.1-1.5 points of top-3 there on every set,
 * 5 and more less (docs/predictions.md).
 */
const FOCUS_PRIOR = 2;

/** The least focus a word keeps: a word spread over every part still matches a little. */
const FOCUS_MIN = 0.05;

export interface TermCounts<K> {
  /** The claims' weight that uses each term (its document frequency). */
  df: Map<K, number>;
  focus: Map<K, number>;
}

/**
 * Each term's document frequency and focus over the claims, in one pass: `eachTerm(i, visit)`
 * visits the distinct terms of claim i, `partOf(i)` is its causal part, `weightOf(i)` the
 * claims it stands for. The focus is rounded to a thousandth, so the gateway's engine and the
 * device's (which receives the figures) weigh a word alike.
 */
export function termCounts<K>(
  claims: number,
  eachTerm: (i: number, visit: (term: K) => void) => void,
  partOf: (i: number) => string | number,
  weightOf: (i: number) => number,
): TermCounts<K> {
  const parts = new Set<string | number>();
  const byTerm = new Map<K, Map<string | number, number>>();
  for (let i = 0; i < claims; i++) {
    const part = partOf(i);
    const w = weightOf(i);
    parts.add(part);
    eachTerm(i, (term) => {
      let counts = byTerm.get(term);
      if (!counts) byTerm.set(term, (counts = new Map()));
      counts.set(part, (counts.get(part) ?? 0) + w);
    });
  }
  const partCount = Math.max(2, parts.size);
  const most = Math.log(partCount);
  const df = new Map<K, number>();
  const focus = new Map<K, number>();
  for (const [term, counts] of byTerm) {
    let used = 0;
    for (const c of counts.values()) used += c;
    const total = used + FOCUS_PRIOR;
    // The prior's share, spread evenly: each part's slice of it is (FOCUS_PRIOR / total) / partCount.
    const spread = FOCUS_PRIOR / total;
    let entropy = -spread * Math.log(spread / partCount);
    for (const c of counts.values()) entropy -= (c / total) * Math.log(c / total);
    df.set(term, used);
    focus.set(term, Math.round(Math.max(FOCUS_MIN, 1 - entropy / most) * 1000) / 1000);
  }
  return { df, focus };
}
