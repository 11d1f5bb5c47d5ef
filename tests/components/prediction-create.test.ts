import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  predictionSchema,
  SYMPTOM_TOO_LONG_MESSAGE,
  type PredictionCreate,
} from '../../contract/predictions';
import { db } from '../../src/db/db';
import { createPrediction } from '../../src/sync/prediction-create';
import { runReplay } from '../../src/sync/replay-run';
import { stubGateway, type GatewayStub } from './gateway-stub';
import {
  askedBy,
  gatewayCombination,
  keepClaims,
  recordOf,
  setOnline,
} from './prediction-write-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * A parts prediction as the screen makes it (product §2 Parts prediction step, §4
 * Offline-first): online the gateway ranks and records it; without a connection the device
 * ranks over the claims kept for the field, keeps it at once and sends it once when back online.
 */

const dana = makeUser({ id: 'u-dana' });
const PREDICTIONS = '/api/v1/predictions';
const input = askedBy(dana.id);

let gateway: GatewayStub;
beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  setOnline(true);
  gateway = stubGateway().on(
    'POST',
    PREDICTIONS,
    predictionSchema,
    ({ body }) => recordOf(body as PredictionCreate),
    201,
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'onLine');
  await resetDb();
});

describe('createPrediction online', () => {
  it("keeps the gateway's record and queues nothing", async () => {
    const { id } = await createPrediction(input);

    const [request] = gateway.requestsTo(PREDICTIONS);
    expect(request!.body).toEqual({
      modelNumber: 'M7-172',
      serialNumber: '52016',
      symptom: 'hydraulic pump whines, no pressure',
    });
    expect(request!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const row = await db.predictions.get([dana.id, id]);
    expect(row).toMatchObject({ pending: false, prediction: { id, rankedOn: 'gateway' } });
    expect(row!.prediction.name).toMatch(/^PPD-/);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    [400, 'Describe the symptom.'],
    [404, 'No machine M7-172 99999.'],
    [500, 'Internal Server Error'],
  ])(
    "rejects with the gateway's %i and its message, and keeps nothing",
    async (status, message) => {
      // Claims are kept, yet a gateway that answered is not second-guessed by the device.
      await keepClaims(dana.id, ['M7-172']);
      gateway.refuse('POST', PREDICTIONS, { statusCode: status, message });
      await expect(createPrediction({ ...input, serialNumber: '99999' })).rejects.toMatchObject({
        status,
        message,
      });
      expect(await db.predictions.count()).toBe(0);
      expect(await db.outbox.count()).toBe(0);
    },
  );

  it("refuses an over-long symptom with the contract's message, online or not", async () => {
    setOnline(false);
    await expect(createPrediction({ ...input, symptom: 'x'.repeat(256) })).rejects.toMatchObject({
      status: 400,
      message: SYMPTOM_TOO_LONG_MESSAGE,
    });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('createPrediction without a connection', () => {
  it('ranks on the device, keeps it waiting to send, and sends it once back online', async () => {
    await keepClaims(dana.id, ['M7-172', 'M5-111']);
    setOnline(false);
    const { id } = await createPrediction(input);

    expect(gateway.requestsTo(PREDICTIONS)).toHaveLength(0);
    const pending = await db.predictions.get([dana.id, id]);
    expect(pending).toMatchObject({
      pending: true,
      prediction: {
        id,
        name: `LOCAL-${id.slice(0, 8).toUpperCase()}`,
        rankedOn: 'device',
        caseId: null,
      },
    });
    const top = pending!.prediction.combinations[0]!;
    expect(top.causalPart).toBe('HYD-PUMP-7');
    const entry = (await db.outbox.get(id))!;
    expect(entry).toMatchObject({
      kind: 'prediction-create',
      summary: 'Parts prediction for M7-172 52016',
    });
    expect((entry.payload as PredictionCreate).deviceAnswer?.combinations).toEqual(
      pending!.prediction.combinations,
    );

    setOnline(true);
    await runReplay();
    await vi.waitFor(async () => expect((await db.outbox.get(id))!.status).toBe('done'));
    await runReplay();
    const sent = gateway.requestsTo(PREDICTIONS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['Idempotency-Key']).toBe(id);
    expect((sent[0]!.body as PredictionCreate).deviceAnswer?.combinations[0]).toEqual(top);
    // The pending row is replaced by the gateway's record, with the gateway's answer.
    expect(await db.predictions.get([dana.id, id])).toBeUndefined();
    const rows = await db.predictions.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pending: false, prediction: { rankedOn: 'device' } });
    expect(rows[0]!.prediction.name).toMatch(/^PPD-/);
    expect(rows[0]!.prediction.combinations).toEqual([gatewayCombination]);
  });

  it('answers an empty list for a model the device keeps no claims of', async () => {
    await keepClaims(dana.id, ['M5-111']);
    setOnline(false);
    const { id } = await createPrediction(input);
    expect((await db.predictions.get([dana.id, id]))!.prediction.combinations).toEqual([]);
    expect(await db.outbox.get(id)).toBeDefined();
  });

  it('shows the device ranking when the request gets no answer, and resends that request', async () => {
    await keepClaims(dana.id, ['M7-172']);
    gateway.onRaw('POST', PREDICTIONS, () => Promise.reject(new TypeError('Failed to fetch')));
    const { id } = await createPrediction(input);
    const [first] = gateway.requestsTo(PREDICTIONS);
    expect(first!.body).not.toHaveProperty('deviceAnswer');
    const row = await db.predictions.get([dana.id, id]);
    expect(row).toMatchObject({ pending: true });
    expect(row!.prediction.combinations[0]!.causalPart).toBe('HYD-PUMP-7');
    // The gateway may have recorded the unanswered request: the queued one is that request,
    // under its key, so sending it again cannot make a second prediction.
    const entry = (await db.outbox.get(id))!;
    expect(id).toBe(first!.headers['Idempotency-Key']);
    expect(entry.payload).toEqual(first!.body);
  });
});
