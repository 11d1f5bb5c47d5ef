import 'fake-indexeddb/auto';
import type { ManualsResponse } from '../../contract/knowledge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import {
  bulletinsKey,
  manualsKey,
  prepareManuals,
  refreshBulletins,
  refreshManuals,
} from '../../src/sync/machine-documents';
import { bulletin, manual } from './machine-document-fixtures';
import { resetDb } from './render';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const manuals: ManualsResponse = {
  sections: [
    { section: 'Workshop Manuals', results: [manual('MAN-1', 'Workshop Manuals', 'Manual')] },
  ],
};

beforeEach(resetDb);
afterEach(() => vi.unstubAllGlobals());

describe('machine documents refresh', () => {
  it("stores a model's manuals under manuals|{model} for the user", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, manuals)),
    );
    expect(await refreshManuals('u-1', 'M7-172')).toEqual({ status: 'ok' });
    const row = await db.knowledgeResults.get(['u-1', manualsKey('M7-172')]);
    expect(row).toMatchObject({ kind: 'manuals', key: 'manuals|M7-172', response: manuals });
    expect(row?.syncedAt).toBeGreaterThan(0);
    expect(await db.knowledgeResults.get(['u-2', manualsKey('M7-172')])).toBeUndefined();
  });

  it('keeps a row the user saved for offline saved when it is refreshed', async () => {
    await db.knowledgeResults.put({
      ownerUserId: 'u-1',
      key: bulletinsKey('FPC-1'),
      kind: 'bulletins',
      response: { results: [] },
      syncedAt: 1,
      savedAt: 5,
    });
    const results = [bulletin('KB-1', 'FPC-1', 'Hose')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { results })),
    );
    expect(await refreshBulletins('u-1', 'FPC-1')).toEqual({ status: 'ok' });
    const row = await db.knowledgeResults.get(['u-1', 'bulletins|FPC-1']);
    expect(row).toMatchObject({ savedAt: 5, response: { results } });
    expect(row!.syncedAt).toBeGreaterThan(1);
  });

  it('keeps what is stored when offline or when the gateway fails, and says why', async () => {
    await db.knowledgeResults.put({
      ownerUserId: 'u-1',
      key: manualsKey('M7-172'),
      kind: 'manuals',
      response: manuals,
      syncedAt: 1,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await refreshManuals('u-1', 'M7-172')).toEqual({ status: 'offline' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { error: 'Unavailable', message: 'down' })),
    );
    expect(await refreshManuals('u-1', 'M7-172')).toMatchObject({
      status: 'error',
      httpStatus: 503,
    });
    expect((await db.knowledgeResults.get(['u-1', manualsKey('M7-172')]))?.syncedAt).toBe(1);
  });
});

describe('prepare for the field: manuals', () => {
  const answer = (input: RequestInfo | URL) => {
    const model = new URL(String(input), 'http://torque.test').searchParams.get('model');
    return model === 'BROKEN'
      ? json(503, { error: 'Unavailable', message: 'down' })
      : json(200, manuals);
  };

  it('stores the manuals of every model once, and skips a model whose manuals fail', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(input));
    vi.stubGlobal('fetch', fetchMock);
    const stored = await prepareManuals('u-1', ['M7-172', 'L3560', 'M7-172', 'BROKEN', 'M5-111']);
    expect(stored).toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const keys = (await db.knowledgeResults.toArray()).map((r) => r.key).sort();
    expect(keys).toEqual(['manuals|L3560', 'manuals|M5-111', 'manuals|M7-172']);
  });

  it('stops asking once the connection is gone', async () => {
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const models = Array.from({ length: 20 }, (_, i) => `M-${i}`);
    expect(await prepareManuals('u-1', models)).toBe(0);
    // The requests already in flight when the first one failed, no more.
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('stops on Cancel and never rejects', async () => {
    const controller = new AbortController();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      controller.abort();
      return answer(input);
    });
    vi.stubGlobal('fetch', fetchMock);
    const models = Array.from({ length: 20 }, (_, i) => `M-${i}`);
    await expect(prepareManuals('u-1', models, controller.signal)).resolves.toBeLessThan(20);
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(3);
  });
});
