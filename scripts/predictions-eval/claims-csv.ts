import { parse } from 'csv-parse/sync';
import type { ClaimEvidence } from '../../contract/predictions';

/*
 * A claims file for the evaluation: RFC 4180 CSV with the header
 * date,model,serial,symptom,causal_part,parts,labour_hours. A row that cannot be read is
 * refused with its line and reason and the rest are read on: one bad row never stops a run.
 */

export const CLAIMS_HEADER = [
  'date',
  'model',
  'serial',
  'symptom',
  'causal_part',
  'parts',
  'labour_hours',
] as const;

export interface Refusal {
  line: number;
  reason: string;
}

export interface ClaimsFile {
  rows: ClaimEvidence[];
  /** Records read after the header, refused ones included. */
  read: number;
  refused: Refusal[];
}

/** The most characters of a model, causal part or part number. */
export const FIELD_MAX = 40;

function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

/** `PARTNO:QTY;PARTNO:QTY`, possibly empty. */
export function parseParts(text: string): ClaimEvidence['parts'] | string {
  const parts: ClaimEvidence['parts'] = [];
  for (const item of text.split(';')) {
    if (item.trim() === '') continue;
    const m = /^\s*([^:]+?)\s*:\s*(\d+)\s*$/.exec(item);
    const quantity = m ? Number(m[2]) : NaN;
    if (!m || m[1]!.length > FIELD_MAX || quantity < 1 || quantity > 999) {
      return `parts: "${item.trim()}" is not PARTNO:QTY (quantity 1-999)`;
    }
    parts.push({ partNumber: m[1]!, description: '', quantity });
  }
  return parts;
}

/** One record as a claim, or why not. */
export function claimOf(fields: readonly string[]): ClaimEvidence | string {
  if (fields.length !== CLAIMS_HEADER.length) {
    return `expected ${CLAIMS_HEADER.length} fields, found ${fields.length}`;
  }
  const [date, model, serial, symptom, causalPart, partsText, labourText] = fields.map((f) =>
    f.trim(),
  ) as [string, string, string, string, string, string, string];
  if (!isDay(date)) return `date: "${date}" is not YYYY-MM-DD`;
  if (!model || model.length > FIELD_MAX) return `model: empty or over ${FIELD_MAX} characters`;
  if (!symptom) return 'symptom: empty';
  if (!causalPart || causalPart.length > FIELD_MAX) {
    return `causal_part: empty or over ${FIELD_MAX} characters`;
  }
  const parts = parseParts(partsText);
  if (typeof parts === 'string') return parts;
  let labourHours: number | null = null;
  if (labourText !== '') {
    labourHours = Number(labourText);
    if (!Number.isFinite(labourHours) || labourHours < 0) {
      return `labour_hours: "${labourText}" is not a number of hours`;
    }
  }
  return {
    date,
    model,
    family: null,
    serial: serial || null,
    symptom,
    causalPart,
    causalPartDescription: '',
    parts,
    labourHours,
  };
}

export function readClaimsCsv(text: string): ClaimsFile {
  const refused: Refusal[] = [];
  const records = parse(text.replace(/^\uFEFF/, ''), {
    bom: true,
    info: true,
    relax_column_count: true,
    // A stray quote inside a field is kept as text: strict quoting would lose the next rows.
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      refused.push({
        line: Number(error?.lines ?? 0),
        reason: error?.message ?? 'unreadable record',
      });
    },
  }) as unknown as { info: { lines: number }; record: string[] }[];
  const [header, ...body] = records;
  const rows: ClaimEvidence[] = [];
  const names = header?.record.map((h) => h.trim().toLowerCase()) ?? [];
  if (names.join(',') !== CLAIMS_HEADER.join(',')) {
    const read = body.length + refused.length;
    return {
      rows,
      read,
      refused: [{ line: 1, reason: `the header must be ${CLAIMS_HEADER.join(',')}` }],
    };
  }
  for (const { info, record } of body) {
    // A line of separators only is an empty row, not a claim with seven empty fields.
    if (record.every((f) => f.trim() === '')) continue;
    const claim = claimOf(record);
    if (typeof claim === 'string') refused.push({ line: info.lines, reason: claim });
    else rows.push(claim);
  }
  refused.sort((a, b) => a.line - b.line);
  return { rows, read: rows.length + refused.length, refused };
}
