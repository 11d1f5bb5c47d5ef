import './setup-dom';
import './node-blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { prepareOpenCases } from '../../src/sync/cases';
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

function answer(url: URL): Response {
  const p = url.pathname;
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
    expect(calls[0]!.pathname).toBe('/api/v1/organisations/org-7/cases');
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
});
