/**
 * What a technician types in a claim's symptom: the same complaint in several words, with the
 * shop's abbreviations, typos, a note of context, sometimes two complaints in one line, and
 * now and then nothing that says what failed. Plain data and a writer driven by the seeded
 * PRNG; the prediction engine is never shown any of these lists.
 */
import { COMPLAINTS, type Complaint } from './claim-complaints';
import type { Rng } from './prng';

/** Texts that name no complaint at all: the part cannot be read from them. */
const VAGUE = [
  'machine down',
  'customer complaint see work order',
  'check and repair',
  'not working right',
  'inspect unit as per customer',
  'operator concern',
  'unit in for repair',
  'repair as needed',
  'fault found on inspection',
];

const CONTEXT_BEFORE = [
  'customer states',
  'cust reports',
  'operator says',
  'per customer',
  'customer reports',
  'op states',
];
const CONTEXT_AFTER = [
  'when cold',
  'after warm up',
  'intermittently',
  'under heavy load',
  'at idle',
  'since last service',
  'on hills',
  'after a few hours work',
  'at {hours} hrs',
];
const JOINS = [', also ', ' and ', '; ', ' + ', '. also '];

/** Words the shop shortens, each with its usual short forms. */
const SHORT_FORMS: Record<string, readonly string[]> = {
  hydraulic: ['hyd', 'hydr', 'hyd.'],
  engine: ['eng', 'eng.'],
  temperature: ['temp', 'temp.'],
  transmission: ['trans', 'tranny', 'xmsn'],
  pressure: ['press', 'pres'],
  warning: ['warn'],
  regeneration: ['regen'],
  cylinder: ['cyl'],
  'will not': ['wont', "won't", 'will not'],
  'does not': ['doesnt', "doesn't"],
  'air conditioning': ['a/c', 'AC', 'air con'],
  hydrostatic: ['hst'],
  battery: ['batt'],
  loader: ['ldr'],
  leaking: ['lkg', 'leakin'],
  coolant: ['clnt'],
  front: ['frt', 'fr'],
  operator: ['op'],
  customer: ['cust'],
  display: ['disp'],
  excessive: ['exc', 'excess'],
};

const NEAR_KEYS: Record<string, string> = {
  a: 'sq',
  e: 'wr',
  i: 'uo',
  o: 'ip',
  r: 'et',
  t: 'ry',
  n: 'bm',
  s: 'ad',
  l: 'k',
  c: 'xv',
  u: 'yi',
  g: 'fh',
};

/** One typo in a word: a swap, a dropped, doubled or neighbouring key. */
export function misspell(r: Rng, word: string): string {
  const i = r.int(1, word.length - 2);
  switch (r.int(0, 3)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default: {
      const near = NEAR_KEYS[word[i]!];
      return near ? word.slice(0, i) + r.pick([...near]) + word.slice(i + 1) : word;
    }
  }
}

const SHORTENABLE = Object.entries(SHORT_FORMS).map(
  ([long, shorts]) => [new RegExp(long, 'i'), shorts] as const,
);

function shorten(r: Rng, text: string, chance: number): string {
  let out = text;
  for (const [long, shorts] of SHORTENABLE) {
    if (long.test(out) && r.next() < chance) out = out.replace(long, r.pick(shorts));
  }
  return out;
}

function typos(r: Rng, text: string): string {
  const count = r.next() < 0.22 ? (r.next() < 0.25 ? 2 : 1) : 0;
  const words = text.split(' ');
  for (let n = 0; n < count; n++) {
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[a-z]{5,}$/i.test(w));
    if (long.length === 0) break;
    const [w, i] = r.pick(long);
    words[i] = misspell(r, w);
  }
  return words.join(' ');
}

function casing(r: Rng, text: string): string {
  const x = r.next();
  if (x < 0.12) return text.toUpperCase();
  if (x < 0.45) return text.toLowerCase();
  return text[0]!.toUpperCase() + text.slice(1);
}

export interface SymptomDraw {
  complaint: Complaint;
  /** Another complaint of the same machine written in the same line, if any. */
  second: Complaint | null;
  /** The text names no complaint. */
  vague: boolean;
  hours: number;
}

/** The symptom as typed: a phrasing of the complaint, shortened, with typos and context. */
export function writeSymptom(r: Rng, draw: SymptomDraw): string {
  let text = draw.vague ? r.pick(VAGUE) : r.pick(COMPLAINTS[draw.complaint]);
  if (draw.second && !draw.vague) text += r.pick(JOINS) + r.pick(COMPLAINTS[draw.second]);
  if (r.next() < 0.25) text = `${r.pick(CONTEXT_BEFORE)} ${text}`;
  if (r.next() < 0.3) {
    text += ` ${r.pick(CONTEXT_AFTER).replace('{hours}', String(Math.round(draw.hours)))}`;
  }
  text = shorten(r, text, 0.35);
  text = typos(r, text);
  return casing(r, text).slice(0, 255);
}
