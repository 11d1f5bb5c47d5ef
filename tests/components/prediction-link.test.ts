import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCaseResponseSchema } from '../../contract/case-create';
import {
  PREDICTION_LINK_FAILED_MESSAGE,
  predictionSchema,
  type PredictionCreate,
} from '../../contract/predictions';
import { db } from '../../src/db/db';
import { queueNewCase } from '../../src/sync/case-create';
import { createPrediction } from '../../src/sync/prediction-create';
import { entryErrorText } from '../../src/sync/outbox-status';
import { linkPrediction } from '../../src/sync/prediction-link';
import { runReplay } from '../../src/sync/replay-run';
import { createdReport } from './case-fixtures';
import { stubGateway, type GatewayStub } from './gateway-stub';
import { askedBy, keepClaims, recordOf, setOnline } from './prediction-write-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * A prediction linked to a case (product §4 Wizard): one queued write that waits for the
 * prediction and the case when either is still waiting to be sent, with their server ids put
 * in place of the temporary ones, and the product's message when the gateway refuses it.
 */

const dana = makeUser({ id: 'u-dana' });
const LINK = /^\/api\/v1\/predictions\/[^/]+\/case$/;
const prediction = askedBy(dana.id);

function queueCase() {
  return queueNewCase({
    kind: 'Case',
    fields: { Subject: 'Pump whines', Serial_Number__c: '52016', Model_Number__c: 'M7-172' },
    newContact: null,
    files: [],
    message: '',
  });
}

/** A prediction the gateway has recorded, as the device keeps it. */
function keepSent(id: string) {
  return db.predictions.put({
    ownerUserId: dana.id,
    id,
    prediction: recordOf(prediction, { id }),
    pending: false,
    syncedAt: 1,
  });
}

/** Every queued write sent, in the order the gateway saw them. */
async function sendAll(): Promise<string[]> {
  setOnline(true);
  await runReplay();
  await vi.waitFor(async () =>
    expect((await db.outbox.toArray()).every((r) => r.status === 'done')).toBe(true),
  );
  return gateway.requests.map((r) => `${r.method} ${r.path}`);
}

let gateway: GatewayStub;
beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  await keepClaims(dana.id, ['M7-172']);
  setOnline(false);
  gateway = stubGateway()
    .on('POST', '/api/v1/cases', createCaseResponseSchema, () => createdReport(), 201)
    .on('POST', '/api/v1/predictions', predictionSchema, ({ body }) =>
      recordOf(body as PredictionCreate, { id: 'ppd-1' }),
    )
    .on('PUT', LINK, predictionSchema, ({ path, body }) =>
      recordOf(prediction, {
        id: path.split('/')[4]!,
        caseId: (body as { caseId: string }).caseId,
      }),
    );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'onLine');
  await resetDb();
});

describe('linkPrediction', () => {
  it('waits for a prediction still waiting to be sent, and links its server id', async () => {
    const { id } = await createPrediction(prediction);
    await linkPrediction({ ownerUserId: dana.id, predictionId: id, caseId: 'case-5' });

    const link = (await db.outbox.toArray()).find((r) => r.kind === 'prediction-link')!;
    expect(link.dependsOn).toEqual([id]);
    expect(link.summary).toBe('Link prediction to case case-5');
    // Shown as linked at once.
    expect((await db.predictions.get([dana.id, id]))!.prediction.caseId).toBe('case-5');

    expect(await sendAll()).toEqual([
      'POST /api/v1/predictions',
      'PUT /api/v1/predictions/ppd-1/case',
    ]);
    expect(gateway.requests[1]!.body).toEqual({ caseId: 'case-5' });
    expect(gateway.requests[1]!.headers['Idempotency-Key']).toBe(link.id);
    expect((await db.predictions.get([dana.id, 'ppd-1']))!.prediction.caseId).toBe('case-5');
  });

  it('waits for a case still waiting to be sent, and names it by its local reference', async () => {
    await keepSent('ppd-9');
    const { caseEntry } = await queueCase();
    await linkPrediction({ ownerUserId: dana.id, predictionId: 'ppd-9', caseId: caseEntry.id });

    const link = (await db.outbox.toArray()).find((r) => r.kind === 'prediction-link')!;
    expect(link.dependsOn).toEqual([caseEntry.id]);
    expect(link.summary).toBe(
      `Link prediction to case LOCAL-${caseEntry.id.slice(0, 8).toUpperCase()}`,
    );
    expect(await sendAll()).toEqual(['POST /api/v1/cases', 'PUT /api/v1/predictions/ppd-9/case']);
    expect(gateway.requests[1]!.body).toEqual({ caseId: 'case-77' });
  });

  it('waits for both when the prediction is made offline from a case made offline', async () => {
    const { caseEntry } = await queueCase();
    const { id } = await createPrediction({ ...prediction, caseId: caseEntry.id });

    const link = (await db.outbox.toArray()).find((r) => r.kind === 'prediction-link')!;
    expect(new Set(link.dependsOn)).toEqual(new Set([id, caseEntry.id]));
    // The prediction itself names no case: the gateway only knows the case once it is sent.
    expect((await db.outbox.get(id))!.payload).not.toHaveProperty('caseId');
    expect((await db.predictions.get([dana.id, id]))!.prediction.caseId).toBe(caseEntry.id);

    expect(await sendAll()).toEqual([
      'POST /api/v1/cases',
      'POST /api/v1/predictions',
      'PUT /api/v1/predictions/ppd-1/case',
    ]);
    expect(gateway.requests[2]!.body).toEqual({ caseId: 'case-77' });
    expect((await db.predictions.get([dana.id, 'ppd-1']))!.prediction.caseId).toBe('case-77');
  });

  it('links at once to the server ids of writes already sent', async () => {
    const { id } = await createPrediction(prediction);
    await sendAll();
    await linkPrediction({ ownerUserId: dana.id, predictionId: id, caseId: 'case-5' });
    const link = (await db.outbox.toArray()).find((r) => r.kind === 'prediction-link')!;
    expect(link.dependsOn).toEqual([]);
    expect(link.payload).toEqual({ predictionId: 'ppd-1', caseId: 'case-5' });
  });

  it("needs attention with the product's message when the gateway refuses the link", async () => {
    gateway.refuse('PUT', LINK, { statusCode: 404, message: 'No such case.' });
    await keepSent('ppd-9');
    await linkPrediction({ ownerUserId: dana.id, predictionId: 'ppd-9', caseId: 'case-404' });
    setOnline(true);
    await runReplay();
    await vi.waitFor(async () => {
      const [link] = await db.outbox.toArray();
      expect(link).toMatchObject({ status: 'needs-attention', lastError: { status: 404 } });
      // Offline & sync says the product's words, whatever the gateway's.
      expect(entryErrorText(link!)).toBe(PREDICTION_LINK_FAILED_MESSAGE);
    });
  });
});
