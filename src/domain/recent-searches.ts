import { RECENT_SEARCHES_MAX } from '../../contract/knowledge';

/** product §3 Recent knowledge search: term and category (the tab id). */
export interface RecentSearch {
  term: string;
  category: string;
  searchedAt: number;
}

/**
 * Two searches are the same when their terms match ignoring case (and surrounding blanks) in
 * the same category: "Pump" under Manuals and "pump" under All are different questions.
 */
export function recentSearchKey(s: Pick<RecentSearch, 'term' | 'category'>): string {
  return `${s.category}\u0000${s.term.trim().toLocaleLowerCase()}`;
}

/**
 * product §3: max 10, newest first, duplicates removed ignoring case (the newest copy wins).
 * Ties on the time keep the input order, so the result is deterministic.
 */
export function recentSearchesOf<T extends RecentSearch>(rows: readonly T[]): T[] {
  const newestFirst = rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => b.row.searchedAt - a.row.searchedAt || a.i - b.i)
    .map((x) => x.row);
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const row of newestFirst) {
    const key = recentSearchKey(row);
    if (seen.has(key) || row.term.trim() === '') continue;
    seen.add(key);
    kept.push(row);
    if (kept.length === RECENT_SEARCHES_MAX) break;
  }
  return kept;
}

/** The stored rows the rule drops: older duplicates and everything past the tenth. */
export function recentSearchesToDrop<T extends RecentSearch>(rows: readonly T[]): T[] {
  const kept = new Set(recentSearchesOf(rows));
  return rows.filter((r) => !kept.has(r));
}
