import './setup-dom';
import './node-blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { prepareOpenCases } from '../../src/sync/case-changes';
import {
  attachment,
  caseDetail,
  feed,
  feedItem,
  json,
  layout,
  listPage,
  listRow,
} from './case-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * "Prepare for the field" takes the dealer's open cases (product §4 Cases): the list, then each
 * open case with its feed, layout and thumbnails, against a gateway stubbed at fetch.
 */
vi.setConfig({ testTimeout: 20_000 });
const user = makeUser();
const calls: URL[] = [];

// case-0 Created, case-1 Updated, case-2 Awaiting Feedback, case-3 Resolved, case-4 Forced Closed.
const rows = Array.from({ length: 5 }, (_, i) => listRow(i));

/** What the gateway's change feed answers next (null: a gateway without one, 404). */
let changes: {
  cursor: string;
  reset: boolean;
  cases: { changed: string[]; removed: string[] };
} | null = null;

function answer(url: URL): Response {
  const p = url.pathname;
  if (p === '/api/v1/changes') return changes ? json(200, changes) : json(404, { message: 'No' });
  if (p === '/api/v1/cases' || p === '/api/v1/organisations/org-7/cases') {
    return json(200, listPage(rows));
  }
  const detail = /^\/api\/v1\/cases\/(case-\d)$/.exec(p);
  if (detail) {
    const row = rows.find((r) => r.id === detail[1])!;
    return json(200, {
      case: caseDetail({ id: row.id, caseNumber: row.caseNumber, status: row.status }),
    });
  }
  const feedOf = /^\/api\/v1\/cases\/(case-\d)\/feed$/.exec(p);
  if (feedOf) {
    return json(
      200,
      feed([feedItem(`f-${feedOf[1]}`, 'Update', [attachment(`img-${feedOf[1]}`, 'image')])]),
    );
  }
  if (p.startsWith('/api/v1/case-layouts/')) return json(200, layout());
  if (p.endsWith('/thumbnail')) return new Response(new Blob(['jpeg'], { type: 'image/jpeg' }));
  return json(404, { message: 'Not found' });
}

beforeEach(async () => {
  await resetDb();
  await signInLocally(user);
  calls.length = 0;
  changes = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url);
      return answer(url);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('prepareOpenCases', () => {
  it('stores the open cases of the dealer list with feeds and thumbnails, not the closed ones', async () => {
    expect(await prepareOpenCases(user.id)).toBe(3);
    const stored = (await db.cases.where('ownerUserId').equals(user.id).toArray())
      .map((c) => c.id)
      .sort();
    expect(stored).toEqual(['case-0', 'case-1', 'case-2']);
    expect(await db.caseFeeds.get([user.id, 'case-1'])).toMatchObject({ caseId: 'case-1' });
    expect(await db.caseImages.get([user.id, 'img-case-2'])).toBeDefined();
    expect(await db.caseLayouts.get([user.id, 'rt-case'])).toBeDefined();
    expect((await db.caseLists.get([user.id, 'dealer']))?.cases).toHaveLength(5);
    // Closed cases are not fetched at all.
    expect(calls.some((u) => u.pathname.startsWith('/api/v1/cases/case-3'))).toBe(false);
    expect(calls.some((u) => u.pathname.startsWith('/api/v1/cases/case-4'))).toBe(false);
  });

  it("an internal user's download takes the chosen dealer's list", async () => {
    expect(await prepareOpenCases(user.id, undefined, { kind: 'org', orgId: 'org-7' })).toBe(3);
    expect(calls.map((u) => u.pathname)).toContain('/api/v1/organisations/org-7/cases');
    expect(calls.map((u) => u.pathname)).not.toContain('/api/v1/cases');
    expect(await db.caseLists.get([user.id, 'org|org-7'])).toBeDefined();
  });

  it('stores nothing when the list cannot be fetched, and stops on Cancel', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { message: 'Down' })),
    );
    expect(await prepareOpenCases(user.id)).toBe(0);
    expect(await db.cases.count()).toBe(0);

    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => answer(new URL(input, 'http://localhost'))),
    );
    const abort = new AbortController();
    abort.abort();
    expect(await prepareOpenCases(user.id, abort.signal)).toBe(0);
  });

  it('after a first priming asks only what changed: nothing, one request; then the changed case again', async () => {
    changes = { cursor: '100', reset: true, cases: { changed: [], removed: [] } };
    expect(await prepareOpenCases(user.id)).toBe(3);
    expect(calls[0]!.searchParams.get('since')).toBeNull();

    calls.length = 0;
    changes = { cursor: '120', reset: false, cases: { changed: [], removed: [] } };
    expect(await prepareOpenCases(user.id)).toBe(3);
    expect(calls.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual([
      '/api/v1/changes?since=100',
    ]);

    calls.length = 0;
    // case-2 went to another dealer: gone from the list, a tombstone in the answer.
    const [moved] = rows.splice(2, 1);
    changes = { cursor: '130', reset: false, cases: { changed: ['case-1'], removed: ['case-2'] } };
    try {
      expect(await prepareOpenCases(user.id)).toBe(2);
    } finally {
      rows.splice(2, 0, moved!);
    }
    expect(calls[0]!.searchParams.get('since')).toBe('120');
    const read = calls.map((u) => u.pathname);
    expect(read).toContain('/api/v1/cases');
    expect(read).toContain('/api/v1/cases/case-1');
    expect(read).not.toContain('/api/v1/cases/case-0');
    expect(await db.cases.get([user.id, 'case-2'])).toBeUndefined();
    expect(await db.caseFeeds.get([user.id, 'case-2'])).toBeUndefined();
    expect((await db.syncState.get([user.id, 'changes|cases|dealer']))?.cursor).toBe('130');
  });
});
