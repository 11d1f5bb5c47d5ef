import { parse } from 'csv-parse/sync';
import { FIELD_MAX } from './claims-csv';

/*
 * Two public sets of maintenance text that no one here wrote, turned into claims records
 * (date, model, serial, symptom, causal_part, parts, labour_hours) for the evaluation. Neither
 * set is kept in this repository, so that nothing is tuned to it; these rules are how the
 * figures in docs/predictions.md were made from them.
 */

export type ClaimRecord = [string, string, string, string, string, string, string];

function records(text: string): Record<string, string>[] {
  return parse(text, {
    bom: true,
    columns: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
}

/**
 * NIST Nestor's excavator work orders (`excavators-cleaned.csv`): the machine is the model, the
 * maintainer's short text the symptom, the functional location tagged by hand the causal part.
 */
export function excavatorClaims(text: string): ClaimRecord[] {
  const out: ClaimRecord[] = [];
  for (const row of records(text)) {
    const location = (row.FuncLocation ?? '').trim();
    const symptom = (row.OriginalShorttext ?? '').trim();
    if (!location || location === 'NA' || !symptom) continue;
    const part = location.toUpperCase().slice(0, FIELD_MAX);
    out.push([
      (row.BscStartDate ?? '').trim(),
      (row.Asset ?? '').trim(),
      '',
      symptom,
      part,
      '',
      '',
    ]);
  }
  return out;
}

/*
 * The logbook has no part column: the label is the object of the ACTION text, what is left of
 * its first clause once the verbs of doing, fillers and sides are dropped. The lists are the
 * words its mechanics write around the part ("REMOVED & REPLACED GASKETS" gives GASKET).
 */
const DROPPED = new Set(
  [
    // verbs
    'REMOVED REPLACED INSTALLED REINSTALLED TIGHTENED CLEANED FOUND PERFORMED FABRICATED',
    'RESECURED SECURED INSPECTED STARTED TORQUED ADJUSTED REPAIRED APPLIED RIVETED SEALED',
    'ADDED CONNECTED BE',
    // fillers ("w/" is W)
    'W A AN THE TO OF ON IN FOR WITH NEW FROM BY',
    // sides
    'L R H LH RH LEFT RIGHT AFT FRONT',
  ]
    .join(' ')
    .split(' '),
);

const singular = (word: string) =>
  word.length > 3 && word.endsWith('S') && !word.endsWith('SS') ? word.slice(0, -1) : word;

function objectOf(action: string): string[] | null {
  for (const clause of action.toUpperCase().split(/[.,;&]|\bAND\b/)) {
    const words: string[] = [];
    for (const found of clause.match(/[A-Z0-9#'-]+/g) ?? []) {
      const word = found.replace(/^['-]+|['-]+$/g, '');
      // Numbers and "#2" name which cylinder or side, not the part.
      if (!word || /\d/.test(word) || word.startsWith('#') || DROPPED.has(word)) continue;
      const one = singular(word);
      if (!DROPPED.has(one)) words.push(one);
    }
    if (words.length > 0) return words;
  }
  return null;
}

/**
 * MaintNet's aviation logbook (`Aircraft_Annotation_DataFile.csv`): the PROBLEM text is the
 * symptom, the last `words` words of the action's object the label; a label seen once is
 * dropped. It has no dates: three entries a day, in the file's order, from 2000-01-01.
 */
export function aviationClaims(text: string, words: 1 | 2): ClaimRecord[] {
  const labelled: ClaimRecord[] = [];
  records(text).forEach((row, i) => {
    const problem = (row.PROBLEM ?? '').trim();
    const object = objectOf((row.ACTION ?? '').trim());
    if (!problem || !object) return;
    const date = new Date(Date.UTC(2000, 0, 1 + Math.floor(i / 3))).toISOString().slice(0, 10);
    const label = object.slice(-words).join(' ').slice(0, FIELD_MAX).trim();
    labelled.push([date, 'C172', '', problem, label, '', '']);
  });
  const seen = new Map<string, number>();
  for (const claim of labelled) seen.set(claim[4], (seen.get(claim[4]) ?? 0) + 1);
  return labelled.filter((claim) => seen.get(claim[4])! > 1);
}
