import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLAIMS_BUNDLE_MODELS_MAX } from '../../contract/predictions';
import { db } from '../../src/db/db';
import { preparePredictionClaims } from '../../src/sync/prediction-claims';
import { stubGateway, type GatewayStub, type StubRequest } from './gateway-stub';
import { claimsBundleAnswer, m7Claims } from './prediction-write-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * "Prepare for the field" keeps what the past claims of the primed machines' models teach the
 * engine, for ranking
 * offline (product §4 Offline-first): asked for in chunks of models, each with the ETag of its
 * last answer, so an unchanged bundle costs a 304 and leaves the kept rows as they are.
 */

const dana = makeUser({ id: 'u-dana' });
const CLAIMS = '/api/v1/predictions/claims';

let gateway: GatewayStub;
let version = 1;
/** The gateway: an ETag per set of models and version; 304 when the caller already has it. */
function answer(request: StubRequest): Response {
  const models = request.query.models!.split(',');
  return claimsBundleAnswer(request, `"v${version}-${models.length}"`);
}

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana);
  version = 1;
  gateway = stubGateway().onRaw('GET', CLAIMS, answer);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetDb();
});

describe('preparePredictionClaims', () => {
  it("keeps each model's claims with the gateway's calibration and ETag", async () => {
    const result = await preparePredictionClaims(dana.id, ['M7-172', 'M5-111', 'M7-172']);

    expect(gateway.requestsTo(CLAIMS).map((r) => r.query)).toEqual([{ models: 'M5-111,M7-172' }]);
    expect(gateway.requestsTo(CLAIMS)[0]!.headers).not.toHaveProperty('If-None-Match');
    const m7 = await db.predictionClaims.get([dana.id, 'M7-172']);
    expect(m7).toMatchObject({ etag: '"v1-2"', calibration: { scores: [0, 1] } });
    expect(m7!.evidence!.claims).toBe(m7Claims.length);
    expect((await db.predictionClaims.get([dana.id, 'M5-111']))!.evidence!.claims).toBe(4);
    expect(result).toMatchObject({ models: 2, claims: m7Claims.length + 4, unchanged: 0 });
    expect(result.bytes).toBeGreaterThan(500);
    expect(await db.syncState.get([dana.id, 'prediction-claims'])).toBeDefined();
  });

  it('asks again with the kept ETag and leaves the rows alone on a 304', async () => {
    await preparePredictionClaims(dana.id, ['M7-172', 'M5-111']);
    const kept = await db.predictionClaims.toArray();
    const stamp = await db.syncState.get([dana.id, 'prediction-claims']);

    const again = await preparePredictionClaims(dana.id, ['M5-111', 'M7-172']);
    expect(gateway.requestsTo(CLAIMS)[1]!.headers['If-None-Match']).toBe('"v1-2"');
    expect(again).toMatchObject({ models: 2, claims: m7Claims.length + 4, unchanged: 2 });
    expect(await db.predictionClaims.toArray()).toEqual(kept);
    expect(await db.syncState.get([dana.id, 'prediction-claims'])).toEqual(stamp);

    // Claims changed on the gateway: the new bundle replaces the kept one.
    version = 2;
    const changed = await preparePredictionClaims(dana.id, ['M5-111', 'M7-172']);
    expect(changed.unchanged).toBe(0);
    expect((await db.predictionClaims.get([dana.id, 'M7-172']))!.etag).toBe('"v2-2"');
  });

  it(`asks for at most ${CLAIMS_BUNDLE_MODELS_MAX} models at a time, and keeps models without claims`, async () => {
    const models = Array.from({ length: CLAIMS_BUNDLE_MODELS_MAX + 10 }, (_, i) => `X-${100 + i}`);
    const result = await preparePredictionClaims(dana.id, [...models, 'M7-172']);
    const asked = gateway.requestsTo(CLAIMS).map((r) => r.query.models!.split(','));
    expect(asked.map((m) => m.length)).toEqual([CLAIMS_BUNDLE_MODELS_MAX, 11]);
    expect(asked.flat().sort()).toEqual([...models, 'M7-172'].sort());
    expect(result).toMatchObject({ models: 61, claims: m7Claims.length });
    expect((await db.predictionClaims.get([dana.id, 'X-100']))!.evidence).toBeNull();
  });

  it('stops without a connection and keeps what it had', async () => {
    await preparePredictionClaims(dana.id, ['M7-172']);
    gateway.onRaw('GET', CLAIMS, () => Promise.reject(new TypeError('Failed to fetch')));
    const result = await preparePredictionClaims(dana.id, ['M7-172']);
    expect(result).toMatchObject({ models: 0, claims: 0 });
    expect((await db.predictionClaims.get([dana.id, 'M7-172']))!.evidence!.claims).toBe(
      m7Claims.length,
    );
  });
});
