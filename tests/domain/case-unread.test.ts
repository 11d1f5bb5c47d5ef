import { describe, expect, it } from 'vitest';
import {
  flagStands,
  NO_UNREAD,
  rowIsUnread,
  unreadCount,
  type UnreadState,
} from '../../src/domain/case-unread';

/*
 * The device's unread rule: the gateway says which cases have replies the user has not seen;
 * opening a case on this device clears what the gateway said before (or about replies older
 * than the opening) at once, and a newer answer that still says unread brings the marker back.
 */

const T = Date.parse('2026-11-20T10:00:00Z');
const MIN = 60_000;

function state(over: Partial<UnreadState>): UnreadState {
  return { ...NO_UNREAD, ...over };
}

describe('flagStands', () => {
  it('stands until the case is opened after the answer or after its newest reply', () => {
    const flag = { at: T, latest: T - 10 * MIN };
    expect(flagStands(flag, undefined)).toBe(true);
    expect(flagStands(flag, T - 20 * MIN)).toBe(true);
    // Opened after the newest reply, before the answer: the mark waiting in the outbox counts.
    expect(flagStands(flag, T - 5 * MIN)).toBe(false);
    expect(flagStands(flag, T)).toBe(false);
    expect(flagStands({ at: T }, T - 1)).toBe(true);
    expect(flagStands({ at: T }, T + 1)).toBe(false);
  });
});

describe('rowIsUnread', () => {
  const row = { id: 'c1', lastActivityAt: new Date(T - 10 * MIN).toISOString() };

  it('is read when nobody says otherwise', () => {
    expect(rowIsUnread(row, NO_UNREAD, T)).toBe(false);
    // A flag without its list's time is never trusted.
    expect(rowIsUnread({ ...row, unread: true }, NO_UNREAD)).toBe(false);
  });

  it("follows the row's own flag until the case is opened", () => {
    const flagged = { ...row, unread: true };
    expect(rowIsUnread(flagged, NO_UNREAD, T)).toBe(true);
    expect(rowIsUnread(flagged, state({ reads: new Map([['c1', T + MIN]]) }), T)).toBe(false);
    // Opened before its last activity and before the list was fetched: still unread.
    expect(rowIsUnread(flagged, state({ reads: new Map([['c1', T - 20 * MIN]]) }), T)).toBe(true);
    // Another case's opening changes nothing.
    expect(rowIsUnread(flagged, state({ reads: new Map([['c2', T + MIN]]) }), T)).toBe(true);
  });

  it("follows the gateway's unread list, and a reply after the opening brings it back", () => {
    const listed = state({
      flagged: new Map([['c1', { at: T, latest: T - MIN }]]),
      count: 1,
      reads: new Map([['c1', T - 30 * MIN]]),
    });
    expect(rowIsUnread(row, listed, T)).toBe(true);
    expect(rowIsUnread(row, { ...listed, reads: new Map([['c1', T]]) }, T)).toBe(false);
    // A newer answer with a newer reply: unread again.
    const again = { ...listed, reads: new Map([['c1', T]]) };
    again.flagged = new Map([['c1', { at: T + 10 * MIN, latest: T + 5 * MIN }]]);
    expect(rowIsUnread(row, again, T)).toBe(true);
  });
});

describe('unreadCount', () => {
  it("is the gateway's count less the listed cases opened since", () => {
    const flagged = new Map([
      ['a', { at: T, latest: T - MIN }],
      ['b', { at: T, latest: T - 2 * MIN }],
    ]);
    // The gateway counts more than it names (a long list is cut).
    expect(unreadCount(state({ flagged, count: 5 }))).toBe(5);
    expect(unreadCount(state({ flagged, count: 5, reads: new Map([['a', T + MIN]]) }))).toBe(4);
    expect(
      unreadCount(
        state({
          flagged,
          count: 2,
          reads: new Map([
            ['a', T + MIN],
            ['b', T - MIN],
          ]),
        }),
      ),
    ).toBe(0);
    // An opening before the reply clears nothing.
    expect(unreadCount(state({ flagged, count: 2, reads: new Map([['a', T - 5 * MIN]]) }))).toBe(2);
    expect(unreadCount(NO_UNREAD)).toBe(0);
  });
});
