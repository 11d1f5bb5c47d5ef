import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsBundleSchema } from '../../contract/predictions';
import { MACHINE_1 } from '../../gateway/seed/fixed-machines';
import { loadedClaims } from '../../gateway/services/predictions-engine';
import { DANA, OPEN_TIMEOUT } from './cases-support';
import { openGateway, lanes, type TestGateway } from './harness';
import { signIn } from './oidc-flow';
import { addClaimsOnMachine1, predictionsClient, threeClaimsOf } from './predictions-support';

/*
 * Claims that arrive while the gateway runs are learned without a restart: the engine checks
 * the claims every PREDICTIONS_REFRESH_SECONDS (a fifth of a second here), builds a new engine
 * beside the one answering, and the device's bundle gets a new ETag.
 */

const SYMPTOM = 'flux gizmo rattles on cold start';
const PART = 'FLUX-GIZMO-9';

describe.each(lanes)('predictions learn new claims on $name', (lane) => {
  let gw: TestGateway;
  let http: ReturnType<typeof predictionsClient>;
  let dana: string;

  beforeAll(async () => {
    gw = await openGateway(lane, { PREDICTIONS_REFRESH_SECONDS: '0.2' });
    dana = await signIn(gw.app, DANA);
    http = predictionsClient(gw.app);
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  it('reflects a claim added after the engine was built, with a new bundle ETag', async () => {
    const before = await http.made(dana, { symptom: SYMPTOM });
    expect(before.combinations.map((c) => c.causalPart)).not.toContain(PART);
    const url = `/api/v1/predictions/claims?models=${MACHINE_1.model}`;
    const first = await http.get(url, dana);
    const etag = first.headers.etag as string;
    expect((await http.get(url, dana, { 'if-none-match': etag })).statusCode).toBe(304);

    const db = gw.started.db.kysely;
    await addClaimsOnMachine1(db, threeClaimsOf(SYMPTOM, PART, 'Flux gizmo'));

    // The engine in place answers until the new one, built in its thread, takes over.
    await expect
      .poll(
        async () =>
          (
            await (await loadedClaims(db)).predict({ model: MACHINE_1.model, symptom: SYMPTOM }, 1)
          )[0]?.causalPart,
        { timeout: 120_000, interval: 200 },
      )
      .toBe(PART);
    const after = await http.made(dana, { symptom: SYMPTOM });
    expect(after.combinations[0]!.causalPart).toBe(PART);

    const changed = await http.get(url, dana, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const bundle = claimsBundleSchema.parse(changed.json());
    const part = bundle.evidence.flatMap((e) => e.parts).find((p) => p.causalPart === PART);
    expect(part).toMatchObject({ claims: 3, labourHours: 2 });
  });
});
