import { describe, expect, it } from 'vitest';
import {
  recentSearchesOf,
  recentSearchesToDrop,
  type RecentSearch,
} from '../../src/domain/recent-searches';

const s = (term: string, searchedAt: number, category = 'all'): RecentSearch => ({
  term,
  category,
  searchedAt,
});

describe('recent knowledge searches (product §3: max 10, newest first, no duplicates ignoring case)', () => {
  it('orders newest first', () => {
    expect(recentSearchesOf([s('a', 1), s('c', 3), s('b', 2)]).map((r) => r.term)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('keeps exactly 10 of 10, and the newest 10 of 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => s(`t${i}`, i));
    expect(recentSearchesOf(ten)).toHaveLength(10);
    const eleven = [...ten, s('t10', 10)];
    const kept = recentSearchesOf(eleven);
    expect(kept).toHaveLength(10);
    expect(kept[0]!.term).toBe('t10');
    expect(kept.map((r) => r.term)).not.toContain('t0');
    expect(recentSearchesToDrop(eleven).map((r) => r.term)).toEqual(['t0']);
  });

  it('removes duplicates ignoring case and blanks; the newest spelling wins', () => {
    const kept = recentSearchesOf([
      s('Hydraulic Pump', 1),
      s('hydraulic pump ', 3),
      s('HYDRAULIC PUMP', 2),
    ]);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.term).toBe('hydraulic pump ');
  });

  it('duplicates do not count against the 10', () => {
    const rows = [...Array.from({ length: 10 }, (_, i) => s(`t${i}`, i)), s('T9', 20), s('t9', 21)];
    const kept = recentSearchesOf(rows);
    expect(kept).toHaveLength(10);
    expect(kept.map((r) => r.term)).toEqual([
      't9',
      't8',
      't7',
      't6',
      't5',
      't4',
      't3',
      't2',
      't1',
      't0',
    ]);
    expect(
      recentSearchesToDrop(rows)
        .map((r) => r.searchedAt)
        .sort(),
    ).toEqual([20, 9].sort());
  });

  it('the same term in another category is another search', () => {
    expect(recentSearchesOf([s('pump', 1, 'all'), s('Pump', 2, 'manuals')])).toHaveLength(2);
  });

  it('empty input and blank terms give nothing', () => {
    expect(recentSearchesOf([])).toEqual([]);
    expect(recentSearchesOf([s('   ', 1)])).toEqual([]);
  });
});
