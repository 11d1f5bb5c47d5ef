import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changesResponseSchema, type ChangesResponse } from '../../contract/changes';
import {
  predictionListResponseSchema,
  predictionSchema,
  type Prediction,
  type PredictionSummary,
} from '../../contract/predictions';
import { getChanges } from '../../src/api/changes';
import { db } from '../../src/db/db';
import { FOLLOW_AREA, followOnce } from '../../src/sync/case-follow';
import { preparePredictionClaims } from '../../src/sync/prediction-claims';
import { stubGateway, type GatewayStub, type StubRequest } from './gateway-stub';
import { prediction, summaryOf } from './prediction-fixtures';
import { claimsBundleAnswer } from './prediction-write-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * The `predictions` area of the change feed as the device follows it (src/sync/case-follow.ts,
 * src/sync/prediction-follow.ts), against a gateway stubbed at fetch with answers its contract
 * allows: the kept history and each kept prediction named are read again, tombstones dropped,
 * and the kept claims of the models named asked for again by their ETag.
 */

const dana = makeUser({ id: 'u-dana' });
const CLAIMS = '/api/v1/predictions/claims';

let gateway: GatewayStub;
let changes: ChangesResponse;
let record: Prediction;
let version: number;
let claimsFail: boolean;

function claimsAnswer(request: StubRequest): Response {
  if (claimsFail) return new Response('{}', { status: 503 });
  const models = request.query.models!.split(',');
  return claimsBundleAnswer(request, `"v${version}-${models.join('+')}"`);
}

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana);
  record = prediction({ id: 'p-1' });
  changes = { cursor: '200', reset: false, cases: { changed: [], removed: [] } };
  version = 1;
  claimsFail = false;
  gateway = stubGateway()
    .on('GET', '/api/v1/changes', changesResponseSchema, () => changes)
    .on('GET', '/api/v1/predictions', predictionListResponseSchema, () => ({
      predictions: [summaryOf(record)],
    }))
    .on('GET', /^\/api\/v1\/predictions\/p-\d$/, predictionSchema, () => record)
    .onRaw('GET', CLAIMS, claimsAnswer);
  await db.syncState.put({ ownerUserId: dana.id, area: FOLLOW_AREA, syncedAt: 1, cursor: '100' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetDb();
});

const follow = () =>
  followOnce(dana.id, new AbortController().signal, { changesSince: getChanges, database: db });
const cursor = async () => (await db.syncState.get([dana.id, FOLLOW_AREA]))?.cursor;
const keep = async (p: Prediction, pending = false) =>
  db.predictions.put({ ownerUserId: dana.id, id: p.id, prediction: p, pending, syncedAt: 1 });
/** The Prediction History kept on the device, as it was last read. */
const keepHistory = (predictions: PredictionSummary[] = []) =>
  db.predictionLists.put({ ownerUserId: dana.id, key: 'mine', predictions, syncedAt: 1 });
const asked = () => gateway.requests.map((r) => r.path).filter((p) => p !== '/api/v1/changes');

describe('following the predictions area', () => {
  it('reads again the kept history and a kept prediction whose outcome was recorded', async () => {
    await keep(record);
    await keep(prediction({ id: 'p-2', name: 'PPD-000002' }));
    await keepHistory([summaryOf(record)]);
    // Its case was closed elsewhere with the causal part of the first answer.
    record = {
      ...record,
      caseId: 'case-1',
      caseNumber: '00001001',
      outcome: {
        result: 'hit1',
        causalPart: 'HP-100',
        source: 'case',
        recordedAt: '2026-11-28T10:00:00.000Z',
      },
    };
    changes = { ...changes, predictions: { changed: ['p-1', 'p-9'], removed: [] } };

    expect(await follow()).toBe(true);
    // p-9 is not kept, p-2 did not change: neither is asked for.
    expect(asked().sort()).toEqual(['/api/v1/predictions', '/api/v1/predictions/p-1']);
    expect((await db.predictions.get([dana.id, 'p-1']))!.prediction.outcome).toMatchObject({
      result: 'hit1',
      causalPart: 'HP-100',
    });
    expect((await db.predictionLists.get([dana.id, 'mine']))!.predictions[0]!.caseId).toBe(
      'case-1',
    );
    expect(await cursor()).toBe('200');
  });

  it('drops a tombstoned prediction, but not one still waiting to be sent', async () => {
    await keep(record);
    await keep(prediction({ id: 'entry-1' }), true);
    changes = { ...changes, predictions: { changed: [], removed: ['p-1', 'entry-1'] } };

    expect(await follow()).toBe(true);
    expect(await db.predictions.get([dana.id, 'p-1'])).toBeUndefined();
    expect(await db.predictions.get([dana.id, 'entry-1'])).toBeDefined();
    // The history is not kept: nothing to read again.
    expect(asked()).toEqual([]);
  });

  it('asks nothing when the answer leaves the area out', async () => {
    await keep(record);
    await keepHistory();
    expect(await follow()).toBe(true);
    expect(asked()).toEqual([]);
    expect(await cursor()).toBe('200');
  });

  it('asks again by ETag for the kept claims of the models named, and keeps the cursor only once answered', async () => {
    await preparePredictionClaims(dana.id, ['M7-172']);
    const kept = (await db.predictionClaims.get([dana.id, 'M7-172']))!;
    gateway.requests.length = 0;

    // Claims of a model this device keeps, and of one it does not.
    changes = { ...changes, predictions: { changed: [], removed: [], models: ['m7-172', 'X-1'] } };
    expect(await follow()).toBe(true);
    const [again] = gateway.requestsTo(CLAIMS);
    expect(gateway.requestsTo(CLAIMS)).toHaveLength(1);
    expect(again!.query).toEqual({ models: 'M7-172' });
    expect(again!.headers['If-None-Match']).toBe(kept.etag);
    // The gateway had not learned them yet (a 304): nothing moved.
    expect(await db.predictionClaims.get([dana.id, 'M7-172'])).toEqual(kept);

    version = 2;
    changes = { ...changes, cursor: '300' };
    expect(await follow()).toBe(true);
    expect((await db.predictionClaims.get([dana.id, 'M7-172']))!.etag).toBe('"v2-M7-172"');
    expect(await cursor()).toBe('300');

    // A chunk that fails keeps the cursor where it was: the next ask names the model again.
    claimsFail = true;
    changes = { ...changes, cursor: '400' };
    expect(await follow()).toBe(false);
    expect(await cursor()).toBe('300');
  });

  it('after a cursor the gateway no longer knows, reads again the kept history and every kept model by ETag', async () => {
    await keep(record);
    await keepHistory();
    await preparePredictionClaims(dana.id, ['M7-172']);
    const kept = (await db.predictionClaims.get([dana.id, 'M7-172']))!;
    gateway.requests.length = 0;
    // The database was started anew: its answer names nothing and says so.
    record = { ...record, caseId: 'case-1', caseNumber: '00001001' };
    version = 2;
    changes = { ...changes, cursor: '7', reset: true };

    expect(await follow()).toBe(true);
    expect((await db.predictionLists.get([dana.id, 'mine']))!.predictions[0]!.caseId).toBe(
      'case-1',
    );
    // Every kept model in one ask, as priming asks for them.
    const [again] = gateway.requestsTo(CLAIMS);
    expect(gateway.requestsTo(CLAIMS)).toHaveLength(1);
    expect(again!.headers['If-None-Match']).toBe(kept.etag);
    expect((await db.predictionClaims.get([dana.id, 'M7-172']))!.etag).toBe(
      `"v2-${again!.query.models!.split(',').join('+')}"`,
    );
    // Only the list: a kept prediction's detail reads itself when shown.
    expect(asked().filter((p) => p.startsWith('/api/v1/predictions/p-'))).toEqual([]);
    expect(await cursor()).toBe('7');
  });
});
