import type { ClaimEvidence } from '../../contract/predictions';
import { commonPartsSet, medianLabour } from '../../engine/repair';
import type { Answer } from './metrics';

/*
 * The plain nearest-neighbour baseline: each symptom as character 4-grams (lower case, spaces
 * collapsed, one space either side), TF-IDF (raw counts, smooth IDF, unit length), cosine, and
 * the 25 nearest learning claims voting for their causal part with their similarity squared;
 * an answer's probability is its share of the vote. No model, family, stemming or vocabulary:
 * what the engine's own rules have to beat on the same split.
 */

const GRAM = 4;
const K = 25;

function grams(text: string): Map<string, number> {
  const plain = ` ${text.toLowerCase().replace(/\s+/g, ' ').trim()} `;
  const counts = new Map<string, number>();
  for (let i = 0; i + GRAM <= plain.length; i++) {
    const g = plain.slice(i, i + GRAM);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return counts;
}

export function knnBaseline(rows: readonly ClaimEvidence[], limit = 5) {
  const ids = new Map<string, number>();
  const docs = rows.map((row) => grams(row.symptom));
  const df: number[] = [];
  for (const doc of docs) {
    for (const g of doc.keys()) {
      let id = ids.get(g);
      if (id === undefined) ids.set(g, (id = ids.size));
      df[id] = (df[id] ?? 0) + 1;
    }
  }
  const idf = df.map((d) => Math.log((1 + rows.length) / (1 + d)) + 1);
  const postings: { doc: number; weight: number }[][] = idf.map(() => []);
  docs.forEach((doc, d) => {
    let norm = 0;
    for (const [g, tf] of doc) norm += (tf * idf[ids.get(g)!]!) ** 2;
    const inverse = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const [g, tf] of doc) {
      const id = ids.get(g)!;
      postings[id]!.push({ doc: d, weight: tf * idf[id]! * inverse });
    }
  });
  const scores = new Float64Array(rows.length);

  return (symptom: string): Answer[] => {
    const query: [number, number][] = [];
    let norm = 0;
    for (const [g, tf] of grams(symptom)) {
      const id = ids.get(g);
      if (id === undefined) continue;
      query.push([id, tf * idf[id]!]);
      norm += (tf * idf[id]!) ** 2;
    }
    if (norm === 0) return [];
    const touched: number[] = [];
    for (const [id, w] of query) {
      for (const p of postings[id]!) {
        if (scores[p.doc] === 0) touched.push(p.doc);
        scores[p.doc]! += (w / Math.sqrt(norm)) * p.weight;
      }
    }
    const nearest = touched
      .map((doc) => ({ doc, similarity: scores[doc]! }))
      .sort((a, b) => b.similarity - a.similarity || a.doc - b.doc)
      .slice(0, K);
    for (const doc of touched) scores[doc] = 0;
    const votes = new Map<string, { vote: number; claims: ClaimEvidence[] }>();
    let total = 0;
    for (const { doc, similarity } of nearest) {
      const row = rows[doc]!;
      const entry = votes.get(row.causalPart) ?? { vote: 0, claims: [] };
      entry.vote += similarity * similarity;
      entry.claims.push(row);
      votes.set(row.causalPart, entry);
      total += similarity * similarity;
    }
    return [...votes]
      .sort((a, b) => b[1].vote - a[1].vote || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([causalPart, { vote, claims }]) => ({
        causalPart,
        probability: total > 0 ? vote / total : 0,
        requiredParts: commonPartsSet(claims),
        labourHours: medianLabour(claims),
      }));
  };
}
