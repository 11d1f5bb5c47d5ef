import { describe, expect, it } from 'vitest';
import {
  currentTabId,
  highlightParts,
  knowledgeTabsOf,
  searchResultsKey,
} from '../../src/domain/knowledge-tabs';

describe('knowledge tabs and result keys', () => {
  it('falls back to one All tab when the cached configuration has no knowledge part', () => {
    expect(knowledgeTabsOf(null)).toEqual([{ id: 'all', label: 'All' }]);
  });

  it('takes the tab the URL names, else the first', () => {
    const tabs = [{ id: 'all' }, { id: 'manuals' }];
    expect(currentTabId(tabs, 'manuals')).toBe('manuals');
    expect(currentTabId(tabs, 'nope')).toBe('all');
    expect(currentTabId(tabs, null)).toBe('all');
  });

  it('keys a search page by tab, lower-case term and page', () => {
    expect(searchResultsKey('all', ' Hydraulic Pump ', 2)).toBe('search|all|hydraulic pump|2');
  });

  it('splits an excerpt into marked and plain parts, clamping and merging bad ranges', () => {
    expect(
      highlightParts('pump seal kit', [
        [0, 4],
        [10, 13],
      ]),
    ).toEqual([
      { text: 'pump', marked: true },
      { text: ' seal ', marked: false },
      { text: 'kit', marked: true },
    ]);
    expect(
      highlightParts('abc', [
        [2, 99],
        [1, 3],
        [-5, 0],
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
    ]);
    expect(highlightParts('<b>x</b>', [])).toEqual([{ text: '<b>x</b>', marked: false }]);
  });
});
