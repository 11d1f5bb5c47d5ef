import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFeedItemResponseSchema } from '../../contract/cases';
import { notificationListSchema } from '../../contract/notifications';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { REPLAYED_HEADER } from '../../gateway/services/idempotency';
import { ADA, client, DANA, ELI, OPEN_TIMEOUT, SAM, type CasesClient } from './cases-support';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';
import { startPushReceiver, type PushReceiver } from './push-receiver';

/*
 * A reply on a case pushes a Case message to the people the case belongs to, beside the
 * answer: never to its author, never to someone the organisation rule keeps from the case.
 */
const CASE_ID = MACHINE_1_CASES.northfieldOpen;

describe.each(lanes)('reply pushes on $name', (lane) => {
  let gw: TestGateway;
  let receiver: PushReceiver;
  let http: CasesClient;
  const cookies: Record<string, string> = {};
  const devices: Record<string, string> = {};
  let caseNumber = '';

  const db = () => gw.started.db.kysely;
  const userOf = (email: string) =>
    db()
      .selectFrom('users')
      .select(['id', 'contact_id'])
      .where('username', '=', email)
      .executeTakeFirstOrThrow();
  /** Pushes not yet sent or given up on. */
  const pending = async () =>
    Number(
      (
        await db()
          .selectFrom('push_deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', 'in', ['pending', 'sending'])
          .executeTakeFirstOrThrow()
      ).n,
    );
  const pushedTo = (email: string) =>
    receiver.received.filter((r) => r.subscription === devices[email]);
  const reply = (who: string, body: string, key = randomUUID()) =>
    http.post(`/api/v1/cases/${CASE_ID}/feed`, cookies[who]!, { body }, key);

  beforeAll(async () => {
    receiver = await startPushReceiver();
    gw = await openGateway(lane, { ...receiver.gatewayEnv, PUSH_RETRY_DELAY_SECONDS: '1' });
    http = client(gw.app);
    for (const u of [DANA, ELI, SAM, ADA]) {
      cookies[u] = await signIn(gw.app, u);
      const subscription = receiver.subscribe();
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/v1/push/devices',
        headers: { cookie: cookies[u]! },
        payload: { subscription, platform: 'PWA' },
      });
      expect(res.statusCode, res.body).toBe(201);
      devices[u] = subscription.endpoint;
    }
    // dana raised the case; ada is the agent working it; its contact is eli, of another
    // dealer: three followers, of whom only dana may hear of ada's reply.
    const [dana, ada, eli] = await Promise.all([userOf(DANA), userOf(ADA), userOf(ELI)]);
    const row = await db()
      .updateTable('cases')
      .set({ submitted_by: dana.id, owner_id: ada.id, contact_id: eli.contact_id })
      .where('id', '=', CASE_ID)
      .returning('case_number')
      .executeTakeFirstOrThrow();
    caseNumber = row.case_number;
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  it("ada's reply on dana's case pushes one Case message to dana's device, none to others", async () => {
    const text = `Check the relief valve first ${randomUUID()}`;
    const key = randomUUID();
    const res = await reply(ADA, text, key);
    // The answer is the reply's, as without pushes.
    expect(res.statusCode, res.body).toBe(201);
    const answer = postFeedItemResponseSchema.parse(res.json());
    expect(answer.item).toMatchObject({ caseId: CASE_ID, body: text, authorName: 'Ada Adams' });

    await receiver.waitFor(1, 30_000);
    await expect.poll(pending, { timeout: 30_000 }).toBe(0);
    const mine = pushedTo(DANA);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      type: 'Case',
      title: `New reply on case ${caseNumber}`,
      body: `Ada Adams: ${text}`,
      recordId: CASE_ID,
      read: false,
    });
    expect(pushedTo(ADA)).toEqual([]);
    expect(pushedTo(ELI)).toEqual([]);
    expect(pushedTo(SAM)).toEqual([]);
    // Kept in dana's Messages like any push; nobody else has it.
    const messages = async (who: string) =>
      notificationListSchema
        .parse(
          (
            await gw.app.inject({
              method: 'GET',
              url: '/api/v1/notifications',
              headers: { cookie: cookies[who]! },
            })
          ).json(),
        )
        .notifications.filter((n) => n.title === `New reply on case ${caseNumber}`);
    expect((await messages(DANA)).map((n) => [n.type, n.recordId])).toEqual([['Case', CASE_ID]]);
    expect(await messages(ELI)).toEqual([]);
    expect(await messages(ADA)).toEqual([]);

    // The outbox sends the same reply again: the stored answer, no second push.
    const again = await reply(ADA, text, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(res.json());
    await expect.poll(pending).toBe(0);
    expect(pushedTo(DANA)).toHaveLength(1);
  });

  it("dana's own update pushes nothing to her; ada, working the case, hears of it", async () => {
    const before = receiver.received.length;
    const res = await reply(DANA, 'Valve replaced, machine back at work');
    expect(res.statusCode, res.body).toBe(201);
    await receiver.waitFor(before + 1, 30_000);
    await expect.poll(pending, { timeout: 30_000 }).toBe(0);
    expect(pushedTo(DANA)).toHaveLength(1);
    expect(pushedTo(ADA).map((r) => r.payload)).toEqual([
      expect.objectContaining({
        type: 'Case',
        body: 'Dana Whitfield: Valve replaced, machine back at work',
      }),
    ]);
    expect(pushedTo(ELI)).toEqual([]);
  });

  it('a reply whose push cannot be queued is not stored: its retry stores both', async () => {
    // The database drops as the push is queued, after the entry is written.
    await sql`
      CREATE FUNCTION drop_reply_push() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'terminating connection' USING ERRCODE = 'admin_shutdown'; END $$`.execute(
      db(),
    );
    await sql`CREATE TRIGGER drop_reply_push BEFORE INSERT ON push_deliveries
      FOR EACH ROW EXECUTE FUNCTION drop_reply_push()`.execute(db());
    const text = `Torque the bolts to spec ${randomUUID()}`;
    const key = randomUUID();
    const before = pushedTo(DANA).length;
    const refused = await reply(ADA, text, key);
    expect(refused.statusCode, refused.body).toBe(503);
    expect((await http.feed(CASE_ID, cookies[DANA]!)).filter((i) => i.body === text)).toEqual([]);

    await sql`DROP TRIGGER drop_reply_push ON push_deliveries`.execute(db());
    await sql`DROP FUNCTION drop_reply_push()`.execute(db());
    // The outbox sends the write again with its key: the reply and its push, once.
    const stored = await reply(ADA, text, key);
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.headers[REPLAYED_HEADER]).toBeUndefined();
    await expect.poll(() => pushedTo(DANA).length, { timeout: 30_000 }).toBe(before + 1);
    expect(pushedTo(DANA).at(-1)!.payload).toMatchObject({ body: `Ada Adams: ${text}` });
    expect((await http.feed(CASE_ID, cookies[DANA]!)).filter((i) => i.body === text)).toHaveLength(
      1,
    );
  });
});
