import type { ModelEvidence, PartEvidence } from '../contract/predictions';
import { AGGREGATE_MIN_CLAIMS, commonest, repairOf } from './repair';
import { termCounts } from './term-focus';
import { terms } from './text';
import type { ClaimEvidence, EngineRow, TermStatistics } from './types';

/*
 * What a device needs to rank as the gateway does, without any claim's record: per model and
 * causal part, the distinct symptoms with how many claims wrote each (the engine weighs a
 * symptom written n times as n claims), the part's parts set and labour as aggregates, and the
 * term statistics of all claims. Both sides run this module, so the device's engine is built
 * from what the gateway's learned from.
 */

/** Distinct symptoms per model at most (the most written are kept): bounds a model's bytes. */
export const TEXTS_PER_MODEL_MAX = 50_000;

/**
 * A symptom as the bundle holds it: its terms, and as text their sorted list, so that
 * symptoms with the same words are one text and the device reads back the same terms.
 */
interface Written {
  terms: string[];
  text: string;
}

/** Each symptom read once: many claims write the very same words. */
function reader(): (symptom: string) => Written {
  const seen = new Map<string, Written>();
  return (symptom) => {
    let written = seen.get(symptom);
    if (!written) {
      const t = terms(symptom);
      written = { terms: t, text: [...t].sort().join(' ') };
      seen.set(symptom, written);
    }
    return written;
  };
}

/** The claims of every model that use each term, and each term's focus over them. */
export function termStatistics(
  rows: readonly ClaimEvidence[],
  read: (symptom: string) => Written = reader(),
): TermStatistics {
  const { df, focus } = termCounts<string>(
    rows.length,
    (i, visit) => read(rows[i]!.symptom).terms.forEach(visit),
    (i) => rows[i]!.causalPart,
    () => 1,
  );
  return { claims: rows.length, df, focus };
}

/**
 * The evidence of one model's claims. `partClaims` gives a part's claims over every model, for
 * a part the model has too few claims of; `stats` are the term statistics of all claims.
 */
export function modelEvidence(
  claims: readonly ClaimEvidence[],
  partClaims: (part: string) => readonly ClaimEvidence[],
  stats: TermStatistics,
  read: (symptom: string) => Written = reader(),
): ModelEvidence {
  const byPart = new Map<string, ClaimEvidence[]>();
  for (const claim of claims) {
    const list = byPart.get(claim.causalPart);
    if (list) list.push(claim);
    else byPart.set(claim.causalPart, [claim]);
  }
  const texts: { part: string; text: string; count: number }[] = [];
  const parts: PartEvidence[] = [];
  for (const [part, own] of [...byPart].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Claims whose symptoms have the same terms are one text to the engine.
    const distinct = new Map<string, number>();
    for (const claim of own) {
      const { text } = read(claim.symptom);
      distinct.set(text, (distinct.get(text) ?? 0) + 1);
    }
    for (const [text, count] of distinct) texts.push({ part, text, count });
    const enough = own.length >= AGGREGATE_MIN_CLAIMS ? own : partClaims(part);
    parts.push({
      causalPart: part,
      description: commonest(own.map((c) => c.causalPartDescription)).slice(0, 200),
      claims: own.length,
      ...repairOf(enough),
      texts: [],
      counts: [],
    });
  }
  const kept = texts
    .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .slice(0, TEXTS_PER_MODEL_MAX)
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const partOf = new Map(parts.map((p) => [p.causalPart, p]));
  const used = new Set<string>();
  for (const { part, text, count } of kept) {
    partOf.get(part)!.texts.push(text);
    partOf.get(part)!.counts.push(count);
    for (const t of read(text).terms) used.add(t);
  }
  const termList = [...used].sort();
  return {
    model: claims[0]?.model ?? '',
    family: commonest(claims.flatMap((c) => (c.family ? [c.family] : []))) || null,
    claims: claims.length,
    parts: parts.filter((p) => p.texts.length > 0),
    terms: termList,
    df: termList.map((t) => stats.df.get(t) ?? 0),
    focus: termList.map((t) => stats.focus.get(t) ?? 1),
  };
}

/** The engine's rows and term statistics from models' evidence: what the device builds on. */
export function evidenceRows(
  evidence: readonly ModelEvidence[],
  claims: number,
): { rows: EngineRow[]; terms: TermStatistics } {
  const rows: EngineRow[] = [];
  const df = new Map<string, number>();
  const focus = new Map<string, number>();
  for (const model of evidence) {
    model.terms.forEach((t, i) => {
      df.set(t, model.df[i] ?? 0);
      // A bundle kept from before focus was sent has none: its words count in full until the
      // next refresh brings it (the bundle's ETag changed with it).
      const f = model.focus?.[i];
      if (f !== undefined) focus.set(t, f);
    });
    for (const part of model.parts) {
      part.texts.forEach((symptom, i) => {
        rows.push({
          date: '',
          model: model.model,
          family: model.family,
          serial: null,
          symptom,
          causalPart: part.causalPart,
          causalPartDescription: part.description,
          parts: part.requiredParts,
          labourHours: part.labourHours,
          weight: part.counts[i] ?? 1,
        });
      });
    }
  }
  return { rows, terms: { claims, df, focus } };
}

/** Every model's evidence over all the claims, by the model's name in lower case. */
export function evidenceByModel(rows: readonly ClaimEvidence[]): Map<string, ModelEvidence> {
  const read = reader();
  const stats = termStatistics(rows, read);
  const byModel = new Map<string, ClaimEvidence[]>();
  const byPart = new Map<string, ClaimEvidence[]>();
  for (const row of rows) {
    const key = row.model.toLowerCase();
    const list = byModel.get(key);
    if (list) list.push(row);
    else byModel.set(key, [row]);
    const parts = byPart.get(row.causalPart);
    if (parts) parts.push(row);
    else byPart.set(row.causalPart, [row]);
  }
  const out = new Map<string, ModelEvidence>();
  for (const [key, claims] of byModel) {
    out.set(
      key,
      modelEvidence(claims, (part) => byPart.get(part) ?? [], stats, read),
    );
  }
  return out;
}

/** The models asked for and every other model of their families, each once, in name order. */
export function withFamilies(
  asked: readonly string[],
  evidence: ReadonlyMap<string, ModelEvidence>,
): ModelEvidence[] {
  const families = new Set<string>();
  const out = new Map<string, ModelEvidence>();
  for (const model of asked) {
    const e = evidence.get(model.toLowerCase());
    if (!e) continue;
    out.set(model.toLowerCase(), e);
    if (e.family) families.add(e.family);
  }
  for (const [key, e] of evidence) if (e.family && families.has(e.family)) out.set(key, e);
  return [...out].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, e]) => e);
}
