import Fuse, { type IFuseOptions } from 'fuse.js';
import {
  CASE_LIST_FUZZY_THRESHOLD,
  statusMatcher,
  type FilterableCase,
} from '../../domain/case-list';
import { fuzzyPieces } from '../../domain/fuzzy-pieces';

export type CaseListFilter<T extends FilterableCase> = (
  statuses: readonly string[],
  text: string,
) => T[];

const norm = (s: string) => s.trim().toLowerCase();

/** What the search reads of a case: number, subject, model and serial, as one text. */
const searchText = (c: FilterableCase) =>
  [c.caseNumber, c.subject, c.modelNumber, c.serialNumber].filter(Boolean).join(' ');

const OPTIONS: IFuseOptions<FilterableCase> = {
  // One text per case: one fuzzy scan a case rather than four.
  keys: ['caseNumber'],
  getFn: searchText,
  threshold: CASE_LIST_FUZZY_THRESHOLD,
  ignoreLocation: true,
};

/**
 * A filter over one list: the status selection (none or All: every case), then the search by
 * case number, subject, model or serial, fuzzy at threshold 0.3, best matches first. A whole
 * case number typed finds that case alone: case numbers differ by a digit, which the fuzzy
 * match forgives. Only the cases that contain a piece of the query go through Fuse (a match
 * within the threshold must: see fuzzyPieces), so a keystroke scans few texts.
 */
export function createCaseListFilter<T extends FilterableCase>(
  items: readonly T[],
): CaseListFilter<T> {
  let fuse: Fuse<T> | null = null;
  let byNumber: Map<string, T[]> | null = null;
  let texts: string[] | null = null;
  return (statuses, text) => {
    const byStatus = statusMatcher(statuses);
    const q = text.trim();
    if (!q) return items.filter(byStatus);
    if (!byNumber) {
      byNumber = new Map();
      for (const c of items) {
        const key = norm(c.caseNumber);
        byNumber.set(key, [...(byNumber.get(key) ?? []), c]);
      }
    }
    const exact = byNumber.get(norm(q));
    if (exact) return exact.filter(byStatus);
    const pieces = fuzzyPieces(q.toLowerCase(), CASE_LIST_FUZZY_THRESHOLD);
    let searched: Fuse<T>;
    if (pieces) {
      texts ??= items.map((c) => searchText(c).toLowerCase());
      const candidates = items.filter((_, i) => pieces.some((p) => texts![i]!.includes(p)));
      searched = new Fuse(candidates, OPTIONS as IFuseOptions<T>);
    } else {
      searched = fuse ??= new Fuse(items, OPTIONS as IFuseOptions<T>);
    }
    return searched
      .search(q)
      .map((r) => r.item)
      .filter(byStatus);
  };
}
