import Fuse from 'fuse.js';
import {
  CASE_LIST_FUZZY_THRESHOLD,
  statusMatcher,
  type FilterableCase,
} from '../../domain/case-list';

export type CaseListFilter<T extends FilterableCase> = (
  statuses: readonly string[],
  text: string,
) => T[];

/**
 * A filter over one list: the status selection (none or All: every case), then the Model or
 * Serial search, fuzzy at threshold 0.3, best matches first. The Fuse index is built once per
 * list, so a keystroke only searches.
 */
export function createCaseListFilter<T extends FilterableCase>(
  items: readonly T[],
): CaseListFilter<T> {
  let fuse: Fuse<T> | null = null;
  return (statuses, text) => {
    const byStatus = statusMatcher(statuses);
    const q = text.trim();
    if (!q) return items.filter(byStatus);
    fuse ??= new Fuse(items, {
      keys: ['modelNumber', 'serialNumber'],
      threshold: CASE_LIST_FUZZY_THRESHOLD,
      ignoreLocation: true,
    });
    return fuse
      .search(q)
      .map((r) => r.item)
      .filter(byStatus);
  };
}
