/**
 * ts_headline marks matches with these private-use characters (removed from the text first),
 * which are turned into [start, end) ranges of a plain-text excerpt: the PWA marks them
 * without rendering any HTML.
 */
export const START_SEL = '\uE000';
export const STOP_SEL = '\uE001';

/** ts_headline options; constant text (no caller value), so safe in the query. */
export const HEADLINE_OPTIONS = `StartSel=${START_SEL}, StopSel=${STOP_SEL}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

export function headlineToExcerpt(headline: string): {
  text: string;
  highlights: [number, number][];
} {
  // The body is plain text, but a row edited by hand may hold tags: never pass them on.
  const clean = headline
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const highlights: [number, number][] = [];
  let text = '';
  let start = -1;
  for (const ch of clean) {
    if (ch === START_SEL) {
      start = text.length;
    } else if (ch === STOP_SEL) {
      if (start >= 0 && text.length > start) highlights.push([start, text.length]);
      start = -1;
    } else {
      text += ch;
    }
  }
  return { text, highlights };
}
