import { describe, expect, it } from 'vitest';
import { byLastActivity, lastActivityOf } from '../../src/domain/case-activity';

const at = (iso: string) => Date.parse(iso);

describe('case lists by last activity', () => {
  const rows = [
    { id: 'c3', lastActivityAt: '2026-11-05T10:00:00.000Z' },
    { id: 'c2', lastActivityAt: '2026-11-04T10:00:00.000Z' },
    { id: 'c1', lastActivityAt: '2026-11-03T10:00:00.000Z' },
  ];

  it("keeps the gateway's order when nothing was done on this device", () => {
    expect(byLastActivity(rows, new Map())).toBe(rows);
    expect(byLastActivity(rows, new Map([['elsewhere', at('2026-12-01T00:00:00Z')]]))).toBe(rows);
  });

  it('a case updated on this device rises by the time of that update', () => {
    const local = new Map([['c1', at('2026-11-06T08:00:00Z')]]);
    const sorted = byLastActivity(rows, local);
    expect(sorted.map((r) => r.id)).toEqual(['c1', 'c3', 'c2']);
    // Its row shows that time as its last activity.
    expect(sorted[0]!.lastActivityAt).toBe('2026-11-06T08:00:00.000Z');
    expect(sorted[1]).toBe(rows[0]);
  });

  it("an update older than the gateway's last activity moves nothing", () => {
    const local = new Map([['c1', at('2026-11-02T09:00:00Z')]]);
    const sorted = byLastActivity(rows, local);
    expect(sorted.map((r) => r.id)).toEqual(['c3', 'c2', 'c1']);
    expect(sorted[2]).toBe(rows[2]);
  });

  it('ties break by id, descending, as the gateway breaks them', () => {
    const same = '2026-11-05T10:00:00.000Z';
    const tied = [
      { id: 'a', lastActivityAt: same },
      { id: 'c', lastActivityAt: same },
      { id: 'b', lastActivityAt: '2026-11-01T00:00:00.000Z' },
    ];
    const local = new Map([['b', at(same)]]);
    expect(byLastActivity(tied, local).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('a row kept without the field counts only its local time', () => {
    expect(lastActivityOf({ id: 'x' })).toBe(0);
    expect(lastActivityOf({ id: 'x' }, 5)).toBe(5);
    expect(lastActivityOf({ id: 'x', lastActivityAt: 'garbage' }, 5)).toBe(5);
  });
});
