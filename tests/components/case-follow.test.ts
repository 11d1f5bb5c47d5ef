import './setup-dom';
import './node-blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnreadCasesResponse } from '../../contract/case-reads';
import type { ChangesResponse } from '../../contract/changes';
import type { Notification } from '../../contract/notifications';
import { db } from '../../src/db/db';
import {
  FOLLOW_AREA,
  FOLLOW_INTERVAL_MS,
  FOLLOW_WAIT_SECONDS,
  startFollowing,
} from '../../src/sync/case-follow';
import { caseDetail, feed, feedItem, json, layout, listPage, listRow } from './case-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * The page follows the change feed while visible and online (src/sync/case-follow.ts), against
 * a gateway stubbed at fetch: one ask at a time, none while hidden or offline, one at once when
 * shown or back online, and what changed read again into the device's tables.
 */
vi.setConfig({ testTimeout: 20_000 });
const user = makeUser();
const rows = [listRow(0), listRow(1)];

let changes: ChangesResponse;
let unread: UnreadCasesResponse;
let messages: Notification[];
/** Held asks of the change feed wait for this; null answers at once. */
let gate: Promise<void> | null;
let asks: (string | null)[];
/** How long each ask asked the gateway to hold it (`wait`), in seconds. */
let waits: (string | null)[];
let inFlight: number;
let mostInFlight: number;
const paths: string[] = [];

async function answer(url: URL): Promise<Response> {
  const p = url.pathname;
  paths.push(p);
  if (p === '/api/v1/changes') {
    asks.push(url.searchParams.get('since'));
    waits.push(url.searchParams.get('wait'));
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      if (gate) await gate;
      return json(200, changes);
    } finally {
      inFlight--;
    }
  }
  if (p === '/api/v1/cases/unread') return json(200, unread);
  if (p === '/api/v1/notifications') return json(200, { notifications: messages });
  if (p === '/api/v1/cases') return json(200, listPage(rows));
  // An organisation's list reads back empty: the lists a test keeps say alone what shows where.
  if (/^\/api\/v1\/organisations\/[^/]+\/cases$/.exec(p)) return json(200, listPage([]));
  const detail = /^\/api\/v1\/cases\/(case-\d)$/.exec(p);
  if (detail)
    return json(200, { case: caseDetail({ id: detail[1]!, status: 'Awaiting Feedback' }) });
  if (/^\/api\/v1\/cases\/case-\d\/feed$/.exec(p))
    return json(200, feed([feedItem('f-1', 'Sam answers')]));
  if (p.startsWith('/api/v1/case-layouts/')) return json(200, layout());
  return json(404, { message: 'Not found' });
}

let visibility: 'visible' | 'hidden';
let online: boolean;
function setVisibility(state: 'visible' | 'hidden') {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}
function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}
const askedCount = () => asks.length;

let stop: (() => void) | undefined;
beforeEach(async () => {
  await resetDb();
  await signInLocally(user);
  changes = { cursor: '100', reset: true, cases: { changed: [], removed: [] } };
  unread = { count: 0, cases: [] };
  messages = [];
  gate = null;
  asks = [];
  waits = [];
  inFlight = 0;
  mostInFlight = 0;
  paths.length = 0;
  visibility = 'visible';
  online = true;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => answer(new URL(input, 'http://localhost'))),
  );
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cursor = async () => (await db.syncState.get([user.id, FOLLOW_AREA]))?.cursor;

describe('following the change feed', () => {
  it('first asks for a cursor only, then with it; a changed case is read again with the list and the unread count', async () => {
    await db.caseLists.put({
      ownerUserId: user.id,
      key: 'dealer',
      cases: rows,
      total: 2,
      complete: true,
      syncedAt: 1,
    });
    await db.cases.put({
      ownerUserId: user.id,
      id: 'case-1',
      detail: caseDetail({ id: 'case-1' }),
      syncedAt: 1,
    });
    await db.cases.put({
      ownerUserId: user.id,
      id: 'case-0',
      detail: caseDetail({ id: 'case-0' }),
      syncedAt: 1,
    });
    stop = startFollowing(user.id);
    await vi.waitFor(async () => expect(await cursor()).toBe('100'));
    expect(asks).toEqual([null]);
    expect(paths).toEqual(['/api/v1/changes']);

    // Sam replied on case-1; case-0 went to another dealer.
    changes = { cursor: '120', reset: false, cases: { changed: ['case-1'], removed: ['case-0'] } };
    unread = { count: 1, cases: [{ id: 'case-1', latestReplyAt: '2026-11-03T10:00:00Z' }] };
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    await vi.waitFor(async () => expect(await cursor()).toBe('120'));
    expect(asks).toEqual([null, '100']);
    // Held open once there is a cursor to wait from.
    expect(waits).toEqual([null, String(FOLLOW_WAIT_SECONDS)]);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/cases/unread',
        '/api/v1/cases',
        '/api/v1/cases/case-1',
        '/api/v1/cases/case-1/feed',
      ]),
    );
    expect((await db.unreadCases.get(user.id))?.count).toBe(1);
    expect((await db.cases.get([user.id, 'case-1']))?.detail.status).toBe('Awaiting Feedback');
    expect(await db.caseFeeds.get([user.id, 'case-1'])).toMatchObject({ items: [{ id: 'f-1' }] });
    expect(await db.cases.get([user.id, 'case-0'])).toBeUndefined();
    // Read in the background, not opened: Recent Cases stays as it was.
    expect(await db.recentCases.count()).toBe(0);

    // Nothing changed: one small ask, nothing else read.
    paths.length = 0;
    changes = { cursor: '120', reset: false, cases: { changed: [], removed: [] } };
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    await vi.waitFor(() => expect(asks).toHaveLength(3));
    expect(paths).toEqual(['/api/v1/changes']);
  });

  it('reads again only the lists the answer says show a changed case, when it says', async () => {
    const keep = async (key: string, cases: typeof rows) =>
      db.caseLists.put({
        ownerUserId: user.id,
        key,
        cases,
        total: cases.length,
        complete: true,
        syncedAt: 1,
      });
    // Staff keep several organisations' lists.
    await keep('dealer', []);
    await keep('org|acc-a', [rows[0]!]);
    await keep('org|acc-b', [rows[1]!]);
    await keep('org|acc-c', []);
    stop = startFollowing(user.id);
    await vi.waitFor(async () => expect(await cursor()).toBe('100'));

    // A case new to the device, in organisation A, not the caller's own.
    const read = async (answer: ChangesResponse['cases'], at: string) => {
      changes = { cursor: at, reset: false, cases: answer };
      paths.length = 0;
      await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
      await vi.waitFor(async () => expect(await cursor()).toBe(at));
      return paths.filter((p) => p.endsWith('/cases')).sort();
    };
    expect(
      await read({ changed: ['case-9'], removed: [], organisations: ['acc-a'], own: false }, '110'),
    ).toEqual(['/api/v1/organisations/acc-a/cases']);
    // The caller's own too; and B's list, which showed a case now removed.
    expect(
      await read(
        { changed: ['case-9'], removed: ['case-1'], organisations: ['acc-c'], own: true },
        '120',
      ),
    ).toEqual([
      '/api/v1/cases',
      '/api/v1/organisations/acc-b/cases',
      '/api/v1/organisations/acc-c/cases',
    ]);
    // A gateway that does not say: every kept list, as before.
    expect(await read({ changed: ['case-9'], removed: [] }, '130')).toEqual([
      '/api/v1/cases',
      '/api/v1/organisations/acc-a/cases',
      '/api/v1/organisations/acc-b/cases',
      '/api/v1/organisations/acc-c/cases',
    ]);
  });

  it("reads the messages again when one of the user's changed or went, and only then", async () => {
    const message = (id: string, read: boolean): Notification => ({
      id,
      type: 'Knowledge',
      title: `Bulletin ${id}`,
      body: 'Front axle',
      createdAt: '2026-11-03T10:00:00Z',
      delivered: true,
      read,
    });
    await db.notifications.put({
      id: 'm-old',
      ownerUserId: user.id,
      type: 'Knowledge',
      title: 'Bulletin m-old',
      body: 'Front axle',
      receivedAt: 1,
      delivered: true,
      read: true,
    });
    stop = startFollowing(user.id);
    await vi.waitFor(async () => expect(await cursor()).toBe('100'));

    // An administrator sent one; the old one was deleted on another device.
    messages = [message('m-new', false)];
    changes = {
      cursor: '110',
      reset: false,
      cases: { changed: [], removed: [] },
      messages: { changed: ['m-new'], removed: ['m-old'] },
    };
    paths.length = 0;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    await vi.waitFor(async () => expect(await cursor()).toBe('110'));
    expect(paths).toEqual(['/api/v1/changes', '/api/v1/notifications']);
    expect((await db.notifications.toArray()).map((m) => [m.id, m.read])).toEqual([
      ['m-new', false],
    ]);

    // Not read back: the cursor stays and the same change is asked for again.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://localhost');
        return url.pathname === '/api/v1/notifications'
          ? json(503, { message: 'Down' })
          : answer(url);
      }),
    );
    changes = { ...changes, cursor: '120' };
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    await vi.waitFor(() => expect(asks).toHaveLength(3));
    expect(await cursor()).toBe('110');

    // Nothing changed: the area is left out and nothing is read.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => answer(new URL(input, 'http://localhost'))),
    );
    changes = { cursor: '130', reset: false, cases: { changed: [], removed: [] } };
    paths.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await cursor()).toBe('130'));
    expect(paths.every((p) => p === '/api/v1/changes')).toBe(true);
  });

  it('asks nothing while hidden or offline, and at once when shown or back online', async () => {
    stop = startFollowing(user.id);
    await vi.waitFor(async () => expect(await cursor()).toBe('100'));
    changes = { cursor: '100', reset: false, cases: { changed: [], removed: [] } };

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(10 * FOLLOW_INTERVAL_MS);
    expect(askedCount()).toBe(1);
    setVisibility('visible');
    await vi.waitFor(() => expect(askedCount()).toBe(2));
    expect(asks[1]).toBe('100');

    await vi.waitFor(async () =>
      expect((await db.syncState.get([user.id, FOLLOW_AREA]))?.syncedAt).toBeDefined(),
    );
    setOnline(false);
    await vi.advanceTimersByTimeAsync(10 * FOLLOW_INTERVAL_MS);
    expect(askedCount()).toBe(2);
    setOnline(true);
    await vi.waitFor(() => expect(askedCount()).toBe(3));
  });

  it('never asks twice at once: a catch-up wanted meanwhile runs once, after the ask in flight', async () => {
    stop = startFollowing(user.id);
    await vi.waitFor(async () => expect(await cursor()).toBe('100'));
    changes = { cursor: '110', reset: false, cases: { changed: [], removed: [] } };
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    await vi.waitFor(() => expect(inFlight).toBe(1));

    setVisibility('visible');
    setOnline(true);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(3 * FOLLOW_INTERVAL_MS);
    expect(askedCount()).toBe(2);

    gate = null;
    release();
    await vi.waitFor(() => expect(askedCount()).toBe(3));
    expect(asks[2]).toBe('110');
    await vi.waitFor(async () => expect(await cursor()).toBe('110'));
    expect(mostInFlight).toBe(1);
  });

  it('a failed ask keeps the cursor, rejects nothing, and is tried again later', async () => {
    stop = startFollowing(user.id);
    await vi.waitFor(async () => expect(await cursor()).toBe('100'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { message: 'Down' })),
    );
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(await cursor()).toBe('100');
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => answer(new URL(input, 'http://localhost'))),
    );
    changes = { cursor: '130', reset: false, cases: { changed: [], removed: [] } };
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await cursor()).toBe('130'));
  });
});
