import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesResponseSchema, type ChangesResponse } from '../../contract/changes';
import { predictionSchema } from '../../contract/predictions';
import { MACHINE_1, MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { RIVERBEND_ID } from '../../gateway/seed/fixed';
import { changeWatch } from '../../gateway/services/change-watch';
import { loadedClaims } from '../../gateway/services/predictions-engine';
import { DANA, ELI, OPEN_TIMEOUT, SAM } from './cases-support';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';
import { addClaimsOnMachine1, predictionsClient } from './predictions-support';

/*
 * The change feed's `predictions` area: a prediction made, linked to a case or scored is named
 * to the user who made it and to no one else; one given away is a tombstone; the models whose
 * claims the gateway learned anew are named to everyone, and a prediction they score to its
 * maker; and both wake a held ask.
 */

const CASE = MACHINE_1_CASES.northfieldOpen;

describe.each(lanes)('the change feed of predictions on $name', (lane) => {
  let gw: TestGateway;
  let http: ReturnType<typeof predictionsClient>;
  let dana: string;
  let eli: string;
  let sam: string;

  beforeAll(async () => {
    // The engine checks the claims five times a second: learned claims are named quickly.
    gw = await openGateway(lane, { PREDICTIONS_REFRESH_SECONDS: '0.2' });
    [dana, eli, sam] = (await Promise.all([DANA, ELI, SAM].map((u) => signIn(gw.app, u)))) as [
      string,
      string,
      string,
    ];
    http = predictionsClient(gw.app);
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const db = () => gw.started.db.kysely;
  const changes = async (cookie: string, since?: string, wait?: number) => {
    const query = [since && `since=${since}`, wait && `wait=${wait}`].filter(Boolean).join('&');
    const res = await http.get(`/api/v1/changes${query ? `?${query}` : ''}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return changesResponseSchema.parse(res.json());
  };
  const cursor = async () => (await changes(dana)).cursor;
  const userId = async (username: string) =>
    (
      await db()
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  /** Whether `promise` settles within `ms`. */
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<'late'>((r) => setTimeout(() => r('late'), ms))]);

  it('names a prediction made, linked and scored to its maker only, and leaves the area out otherwise', async () => {
    const start = await cursor();
    const idle = await changes(dana, start);
    expect(idle).not.toHaveProperty('predictions');

    const made = await http.made(dana);
    const afterMade = await changes(dana, start);
    expect(afterMade.predictions).toEqual({ changed: [made.id], removed: [] });
    // Not another dealer's user, and not staff, who may read it but did not make it.
    expect((await changes(eli, start)).predictions).toBeUndefined();
    expect((await changes(sam, start)).predictions).toBeUndefined();

    const beforeLink = afterMade.cursor;
    expect((await http.link(dana, made.id, CASE)).statusCode).toBe(200);
    expect((await changes(dana, beforeLink)).predictions).toEqual({
      changed: [made.id],
      removed: [],
    });

    // sam closes the case with its causal part: dana's prediction is scored, and named to her.
    const beforeClose = (await changes(dana, beforeLink)).cursor;
    const part = made.combinations[0]!.causalPart;
    await db()
      .updateTable('cases')
      .set({ causal_part_number: part, status: 'Open' })
      .where('id', '=', CASE)
      .execute();
    const afterEdit = (await changes(dana, beforeClose)).cursor;
    const closed = await http.send('POST', `/api/v1/cases/${CASE}/close`, sam, {});
    expect(closed.statusCode, closed.body).toBe(200);
    const scored = await changes(dana, afterEdit);
    expect(scored.predictions).toEqual({ changed: [made.id], removed: [] });
    expect((await changes(eli, afterEdit)).predictions).toBeUndefined();
    const read = predictionSchema.parse(
      (await http.get(`/api/v1/predictions/${made.id}`, dana)).json(),
    );
    expect(read.outcome).toMatchObject({ result: 'hit1', causalPart: part, source: 'case' });

    // Given to another user: a tombstone for dana, a change for its new maker.
    await db()
      .updateTable('predictions')
      .set({ user_id: await userId(SAM) })
      .where('id', '=', made.id)
      .execute();
    expect((await changes(dana, scored.cursor)).predictions).toEqual({
      changed: [],
      removed: [made.id],
    });
    expect((await changes(sam, scored.cursor)).predictions).toEqual({
      changed: [made.id],
      removed: [],
    });
  });

  it('wakes a held ask when one of the user’s predictions is made, and no other dealer’s', async () => {
    const start = await cursor();
    const held = changes(dana, start, 25);
    const watch = changeWatch(db(), 50);
    const never = new AbortController();
    let otherWoken = false;
    const other = watch
      .next(new Set([RIVERBEND_ID, await userId(ELI)]), start, 20_000, never.signal)
      .then(() => (otherWoken = true));
    try {
      const made = await http.made(dana);
      const answer = await within(held, 10_000);
      expect(answer === 'late' ? answer : answer.predictions?.changed).toEqual([made.id]);
      await new Promise((r) => setTimeout(r, 300));
      expect(otherWoken).toBe(false);
    } finally {
      watch.close();
      await other;
    }
  });

  it('names the models whose claims the gateway learned, to every user, and wakes their held asks', async () => {
    const url = `/api/v1/predictions/claims?models=${MACHINE_1.model}`;
    const first = await http.get(url, eli);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const engine = await loadedClaims(db());
    // Waiting for its outcome: a claim for the same machine from today on will score it.
    const waiting = await http.made(dana, { symptom: 'feed gizmo squeals' });
    const start = await cursor();

    // eli keeps the bundle and waits, as a device holding the feed open does.
    const watch = changeWatch(db(), 50);
    const never = new AbortController();
    let wokenAt = 0;
    const woken = watch
      .next(new Set([RIVERBEND_ID, await userId(ELI)]), start, 110_000, never.signal)
      .then(() => (wokenAt = Date.now()));
    try {
      await addClaimsOnMachine1(db(), [
        {
          claimNumber: 'CLM-FEED-1',
          date: new Date().toISOString().slice(0, 10),
          symptom: 'feed gizmo squeals',
          defect: 'worn',
          causalPart: 'FEED-GIZMO-1',
          causalPartDescription: 'Feed gizmo',
          parts: [{ partNumber: 'FEED-GIZMO-1', description: 'Feed gizmo', quantity: 1 }],
          labourHours: '1',
        },
      ]);
      // Not at the insert: only once a new engine ranks over it (its bundle has a new ETag).
      let named: ChangesResponse | undefined;
      await expect
        .poll(
          async () => {
            named = await changes(eli, start);
            return named.predictions?.models ?? [];
          },
          { timeout: 110_000, interval: 200 },
        )
        .toContain(MACHINE_1.model);
      expect(await loadedClaims(db())).not.toBe(engine);
      expect(named!.predictions?.changed).toEqual([]);
      expect(named!.predictions?.models).toEqual([MACHINE_1.model]);
      // Dana's prediction the claim scored is hers alone to hear of.
      await expect
        .poll(async () => (await changes(dana, start)).predictions?.changed ?? [], {
          timeout: 10_000,
        })
        .toContain(waiting.id);
      expect((await changes(dana, start)).predictions?.models).toEqual([MACHINE_1.model]);
      const scored = predictionSchema.parse(
        (await http.get(`/api/v1/predictions/${waiting.id}`, dana)).json(),
      );
      expect(scored.outcome).toMatchObject({ causalPart: 'FEED-GIZMO-1', source: 'claim' });
      expect(await within(woken, 5_000)).not.toBe('late');
      expect(wokenAt).toBeGreaterThan(0);
      const again = await http.get(url, eli, { 'if-none-match': etag });
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).not.toBe(etag);
      // Said once: the next cursor names it no more.
      expect((await changes(eli, (await changes(eli, start)).cursor)).predictions).toBeUndefined();
    } finally {
      watch.close();
      await woken;
    }
  }, 120_000);
});
