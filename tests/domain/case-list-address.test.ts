import { describe, expect, it } from 'vitest';
import {
  caseListPageFrom,
  caseListViewFrom,
  withCaseListView,
} from '../../src/domain/case-list-address';
import { CASE_STATUS_DEFAULT } from '../../src/domain/case-list';

const at = (query: string) => new URLSearchParams(query);
const DEFAULT = [...CASE_STATUS_DEFAULT];

describe('case list address (product §2 dealer case list)', () => {
  it('a clean address is the default selection, no text and page 1', () => {
    expect(caseListViewFrom(at(''))).toEqual({ statuses: DEFAULT, text: '' });
    expect(caseListPageFrom(at(''))).toBe(1);
  });

  it('reads the statuses in their order, the text as typed and the page', () => {
    const params = at('status=Resolved&status=Awaiting+Feedback&q=%20M5-111%20&page=3');
    expect(caseListViewFrom(params)).toEqual({
      statuses: ['Resolved', 'Awaiting Feedback'],
      text: ' M5-111 ',
    });
    expect(caseListPageFrom(params)).toBe(3);
  });

  it('ignores what is not a status, and reads a status in any case once', () => {
    expect(caseListViewFrom(at('status=Bogus&status=resolved&status=Resolved')).statuses).toEqual([
      'Resolved',
    ]);
    // Nothing but unknown values: as if no status were given.
    expect(caseListViewFrom(at('status=Bogus&status=%3Cscript%3E')).statuses).toEqual(DEFAULT);
  });

  it('an empty status is no selection; All beside others is All alone', () => {
    expect(caseListViewFrom(at('status=')).statuses).toEqual([]);
    expect(caseListViewFrom(at('status=Created&status=All')).statuses).toEqual(['All']);
  });

  it('a page that is not a positive number is page 1', () => {
    for (const page of ['0', '-2', 'two', '']) {
      expect(caseListPageFrom(at(`page=${page}`)), page).toBe(1);
    }
  });

  it('leaves the default selection and an empty text out of the address', () => {
    expect(withCaseListView(at(''), { statuses: DEFAULT, text: '' }).toString()).toBe('');
    // The default statuses picked again in another order are still the default.
    const reordered = [...DEFAULT].reverse();
    expect(
      withCaseListView(at('status=Resolved&q=x'), { statuses: reordered, text: '' }).toString(),
    ).toBe('');
  });

  it('writes a changed view, back at page 1, keeping other parameters', () => {
    const out = withCaseListView(at('page=4&status=Created&other=1'), {
      statuses: ['Resolved', 'Forced Closed'],
      text: '0004 12',
    });
    expect(out.get('page')).toBeNull();
    expect(out.get('other')).toBe('1');
    expect(out.getAll('status')).toEqual(['Resolved', 'Forced Closed']);
    expect(out.get('q')).toBe('0004 12');
  });

  it('what it writes reads back as the same view', () => {
    const views = [
      { statuses: [], text: '' },
      { statuses: ['All'], text: 'a&b=c?#' },
      { statuses: ['Awaiting Feedback'], text: '  spaced  ' },
      { statuses: DEFAULT, text: '12345678' },
    ];
    for (const view of views) {
      const written = at(withCaseListView(at('page=2'), view).toString());
      expect(caseListViewFrom(written), JSON.stringify(view)).toEqual(view);
      expect(caseListPageFrom(written)).toBe(1);
    }
  });
});
