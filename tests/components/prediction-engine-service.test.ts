import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimEvidence } from '../../contract/predictions';
import { createEngine } from '../../engine/index';
import { db } from '../../src/db/db';
import { createPredictionService } from '../../src/workers/prediction-engine-service';
import { bundleOf, keepClaims, m7Claims } from './prediction-write-fixtures';
import { resetDb } from './render';

/*
 * The device's engine (product §4 Offline-first) is built once over the kept claims and asked
 * again and again: a question reads IndexedDB only after a write to the kept claims, and then
 * answers from what was written.
 */

const DANA = 'u-dana';
const ask = { model: 'M7-172', symptom: 'flux gizmo rattles on cold start' };

const gizmo: ClaimEvidence[] = Array.from({ length: 6 }, (_, i) => ({
  ...m7Claims[0]!,
  date: `2025-10-1${i}`,
  symptom: 'flux gizmo rattles on cold start',
  causalPart: 'FLUX-GIZMO-9',
  causalPartDescription: 'Flux gizmo',
  parts: [{ partNumber: 'FLUX-GIZMO-9', description: 'Flux gizmo', quantity: 1 }],
}));

beforeEach(resetDb);
afterEach(async () => {
  vi.restoreAllMocks();
  await resetDb();
});

describe('the device prediction service', () => {
  it('asks IndexedDB nothing while the kept claims stay as they are', async () => {
    await keepClaims(DANA, ['M7-172']);
    const service = createPredictionService(db, createEngine);
    const first = await service.predict(DANA, ask);
    expect(first.modelKept).toBe(true);

    const stamps = vi.spyOn(db.syncState, 'get');
    const again = await service.predict(DANA, ask);
    expect(again.combinations).toEqual(first.combinations);
    expect(stamps).not.toHaveBeenCalled();
  });

  it('answers from claims written after it was built', async () => {
    await keepClaims(DANA, ['M7-172']);
    const service = createPredictionService(db, createEngine);
    const before = await service.predict(DANA, ask);
    expect(before.combinations.map((c) => c.causalPart)).not.toContain('FLUX-GIZMO-9');

    const bundle = bundleOf(['M7-172'], [...m7Claims, ...gizmo]);
    await db.predictionClaims.update([DANA, 'M7-172'], {
      evidence: bundle.evidence.find((e) => e.model === 'M7-172')!,
      gatewayClaims: bundle.claims,
      etag: '"b2"',
      syncedAt: Date.now(),
    });
    await db.syncState.put({ ownerUserId: DANA, area: 'prediction-claims', syncedAt: Date.now() });

    const after = await service.predict(DANA, ask);
    expect(after.combinations[0]!.causalPart).toBe('FLUX-GIZMO-9');
  });

  it('looks again before saying a model is not kept', async () => {
    await keepClaims(DANA, ['M5-111']);
    const service = createPredictionService(db, createEngine);
    expect((await service.predict(DANA, ask)).modelKept).toBe(false);
    // Kept in another thread whose word has not arrived yet: the stamp is read all the same.
    const word = vi.spyOn(Dexie.on.storagemutated, 'fire').mockImplementation(() => undefined);
    await keepClaims(DANA, ['M7-172', 'M5-111']);
    word.mockRestore();
    const stamps = vi.spyOn(db.syncState, 'get');
    expect((await service.predict(DANA, ask)).modelKept).toBe(true);
    expect(stamps).toHaveBeenCalled();
  });
});
