/*
 * Symptom text to terms: lower case, accents dropped, split on anything that is not a letter or
 * a digit, and a light suffix stemmer so "leaking", "leaks" and "leaked" meet. Nothing here
 * knows a maker's words: misspellings and abbreviations are matched later, against the
 * vocabulary the claims themselves hold (vocabulary.ts).
 */

/** Longest first: the first ending that leaves a stem of at least MIN_STEM letters is cut. */
const ENDINGS = [
  'ations',
  'ation',
  'ating',
  'ated',
  'ates',
  'ings',
  'ions',
  'ate',
  'ing',
  'ion',
  'ies',
  'ly',
  'ed',
  'es',
  's',
  'e',
  'y',
];
const MIN_STEM = 3;

export function stem(word: string): string {
  // Part numbers, codes and short words stay as they are.
  if (word.length <= MIN_STEM + 1 || /\d/.test(word)) return word;
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) {
      // "glass" and "press" keep their double s: only a single trailing s is a plural.
      if (ending === 's' && word.endsWith('ss')) return word;
      return word.slice(0, word.length - ending.length);
    }
  }
  return word;
}

/** The words of a text, lower case and without accents, before stemming. */
function words(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // "a/c", "w/o": a slash between single letters joins them into one word.
    .replace(/\b([a-z])[/.]([a-z])\b/g, '$1$2')
    // "won't", "doesn't": the apostrophe joins.
    .replace(/(\w)['\u2019](\w)/g, '$1$2');
  return plain.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

/**
 * The distinct terms of a text, in the order they first appear: its words as written. Words of
 * one stem meet through the vocabulary (vocabulary.ts), a little below an exact match: the
 * labels of real work orders often hang on "leaking" against "leak".
 */
export function terms(text: string): string[] {
  return [...new Set(words(text))];
}
