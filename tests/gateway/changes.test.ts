import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesResponseSchema, type ChangesResponse } from '../../contract/changes';
import { notificationListSchema } from '../../contract/notifications';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { NORTHFIELD_ID, RIVERBEND_ID } from '../../gateway/seed/fixed';
import { changeWatch } from '../../gateway/services/change-watch';
import { startGateway } from '../../gateway/start';
import { type CasesClient, OPEN_TIMEOUT, openCasesGateway, SAM } from './cases-support';
import { atPublicAddress, lanes, PUBLIC_URL, testConfig, type TestGateway } from './harness';

const CASE = MACHINE_1_CASES.northfieldOpen;

describe.each(lanes)('the change feed on $name', (lane) => {
  let gw: TestGateway;
  let http: CasesClient;
  let dana: string;
  let eli: string;
  let sam: string;
  let ada: string;

  beforeAll(async () => {
    ({ gw, http, dana, eli, sam, ada } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const changes = async (cookie: string, since?: string): Promise<ChangesResponse> => {
    const res = await http.get(`/api/v1/changes${since ? `?since=${since}` : ''}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return changesResponseSchema.parse(res.json());
  };
  const reply = async (body: string) => {
    const res = await http.post(`/api/v1/cases/${CASE}/feed`, sam, { body }, randomUUID());
    expect(res.statusCode, res.body).toBe(201);
  };

  it('starts a device with a cursor, then lists only what changed since it', async () => {
    const start = await changes(dana);
    expect(start.reset).toBe(true);
    expect(start.cursor).toMatch(/^\d+$/);
    const idle = await changes(dana, start.cursor);
    expect(idle).toEqual({
      cursor: idle.cursor,
      reset: false,
      cases: { changed: [], removed: [] },
    });
    // A device asks every few seconds while the app is open: nothing changed stays tiny.
    const unchanged = await http.get(`/api/v1/changes?since=${idle.cursor}`, dana);
    expect(unchanged.rawPayload.byteLength).toBeLessThan(100);

    await reply('Checked the pump: the seal is worn.');
    const after = await changes(dana, start.cursor);
    // Shown on her dealer's list, which is also her own.
    expect(after.cases).toEqual({
      changed: [CASE],
      removed: [],
      organisations: [NORTHFIELD_ID],
      own: true,
    });
    expect(BigInt(after.cursor)).toBeGreaterThan(BigInt(start.cursor));
    // Another dealer's device learns nothing of it, not even its id.
    const other = await changes(eli, start.cursor);
    expect(other.cases).toEqual({ changed: [], removed: [] });
    // Staff see every case, and read again only the list of its organisation.
    const staff = (await changes(sam, start.cursor)).cases;
    expect(staff.changed).toContain(CASE);
    expect(staff.organisations).toContain(NORTHFIELD_ID);
    expect((await changes(dana, after.cursor)).cases).toEqual({ changed: [], removed: [] });
  });

  it('gives a tombstone for a case the user may no longer see', async () => {
    const { cursor } = await changes(dana);
    const db = gw.started.db.kysely;
    await db
      .updateTable('cases')
      .set({ account_id: RIVERBEND_ID })
      .where('id', '=', CASE)
      .execute();
    try {
      expect((await changes(dana, cursor)).cases).toEqual({ changed: [], removed: [CASE] });
      expect((await changes(eli, cursor)).cases).toEqual({
        changed: [CASE],
        removed: [],
        organisations: [RIVERBEND_ID],
        own: true,
      });
    } finally {
      await db
        .updateTable('cases')
        .set({ account_id: NORTHFIELD_ID })
        .where('id', '=', CASE)
        .execute();
    }
  });

  /** ada sends a message to everyone of Northfield and Riverbend; answers dana's copy's id. */
  const sendToDealers = async (title: string): Promise<string> => {
    const sent = await http.post(
      '/api/v1/notifications/send',
      ada,
      {
        execute: true,
        conditionals: [{ field: 'AccountNumber', operator: 'Is any', value: 'D10417, D20388' }],
        message: {
          type: 'Knowledge',
          title,
          body: 'Front axle bulletin.',
          knowledgeCategory: 'Bulletins',
          searchTerm: 'axle',
        },
      },
      randomUUID(),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { count: number }).count).toBeGreaterThan(1);
    const list = await http.get('/api/v1/notifications', dana);
    const mine = notificationListSchema
      .parse(list.json())
      .notifications.find((n) => n.title === title);
    expect(mine).toBeDefined();
    return mine!.id;
  };

  it("lists the caller's own messages sent, read and deleted, and no one else's", async () => {
    const start = await changes(dana);
    const { cursor: eliStart } = await changes(eli);
    const { cursor: samStart } = await changes(sam);
    const id = await sendToDealers(`Bulletin for the feed ${randomUUID()}`);

    // The broadcast wrote one message per contact: each learns only of their own.
    const sent = await changes(dana, start.cursor);
    expect(sent.messages).toEqual({ changed: [id], removed: [] });
    const eliSent = (await changes(eli, eliStart)).messages;
    expect(eliSent?.changed).toHaveLength(1);
    expect(eliSent?.changed).not.toContain(id);
    expect((await changes(sam, samStart)).messages?.changed ?? []).not.toContain(id);

    const read = await http.post(`/api/v1/notifications/${id}/read`, dana, {});
    expect(read.statusCode, read.body).toBe(200);
    const afterRead = await changes(dana, sent.cursor);
    expect(afterRead.messages).toEqual({ changed: [id], removed: [] });

    const deleted = await gw.app.inject({
      method: 'DELETE',
      url: `/api/v1/notifications/${id}`,
      headers: { cookie: dana, 'idempotency-key': randomUUID() },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const afterDelete = await changes(dana, afterRead.cursor);
    expect(afterDelete.messages).toEqual({ changed: [], removed: [id] });
    // Nothing more: the area is left out, and the answer stays as small as before.
    const idle = await http.get(`/api/v1/changes?since=${afterDelete.cursor}`, dana);
    expect(idle.json()).not.toHaveProperty('messages');
    expect(idle.rawPayload.byteLength).toBeLessThan(100);
  });

  it("tells staff which lists show a changed case: its organisation's, and their own only when it is theirs", async () => {
    const db = gw.started.db.kysely;
    const { id: samId } = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', SAM)
      .executeTakeFirstOrThrow();
    const before = await db
      .selectFrom('cases')
      .select(['owner_id', 'submitted_by'])
      .where('id', '=', CASE)
      .executeTakeFirstOrThrow();
    try {
      await db
        .updateTable('cases')
        .set({ owner_id: null, submitted_by: null })
        .where('id', '=', CASE)
        .execute();
      const { cursor } = await changes(sam);
      await reply('Staff check: pressure within range.');
      expect((await changes(sam, cursor)).cases).toMatchObject({
        changed: [CASE],
        organisations: [NORTHFIELD_ID],
        own: false,
      });
      await db.updateTable('cases').set({ owner_id: samId }).where('id', '=', CASE).execute();
      const { cursor: owned } = await changes(sam);
      await reply('Taken over by the TSC.');
      expect((await changes(sam, owned)).cases).toMatchObject({ changed: [CASE], own: true });
    } finally {
      await db.updateTable('cases').set(before).where('id', '=', CASE).execute();
    }
  });

  it('refuses a cursor that is not one, and starts over from one of another database', async () => {
    const bad = await http.get('/api/v1/changes?since=abc', dana);
    expect(bad.statusCode).toBe(400);
    expect((await changes(dana, '99999999999999')).reset).toBe(true);
  });

  it.runIf(lane.name === 'postgres')(
    'holds back a change committed while an older one is open, never skipping either; the same cursor on another gateway',
    async () => {
      const db = gw.started.db.kysely;
      const { id: lateCase } = await db
        .selectFrom('cases')
        .select('id')
        .where('account_id', '=', NORTHFIELD_ID)
        .where('record_type', '=', 'Case')
        .where('id', '!=', CASE)
        .executeTakeFirstOrThrow();
      const { cursor } = await changes(dana);
      const late = new pg.Client({ connectionString: gw.env.DATABASE_URL });
      await late.connect();
      const other = await startGateway(testConfig(gw.env));
      atPublicAddress(other.app);
      try {
        await late.query('BEGIN');
        await late.query(`UPDATE cases SET subject = subject || ' ' WHERE id = $1`, [lateCase]);
        await reply('A second look: the bearing too.');
        // Committed, but after a transaction still open: handed out only once that one ends.
        const meanwhile = await changes(dana, cursor);
        expect(meanwhile.cases.changed).toEqual([]);
        await late.query('COMMIT');
        const res = await other.app.inject({
          url: `/api/v1/changes?since=${meanwhile.cursor}`,
          headers: { cookie: dana },
        });
        expect(res.statusCode, res.body).toBe(200);
        const both = changesResponseSchema.parse(res.json()).cases.changed;
        expect(both.sort()).toEqual([CASE, lateCase].sort());
      } finally {
        await late.end();
        await other.app.close();
      }
    },
  );

  it.runIf(lane.name === 'postgres')(
    'holds back a message change committed while an older transaction is open, then lists it',
    async () => {
      const id = await sendToDealers(`Bulletin held back ${randomUUID()}`);
      const { cursor } = await changes(dana);
      const late = new pg.Client({ connectionString: gw.env.DATABASE_URL });
      await late.connect();
      try {
        await late.query('BEGIN');
        await late.query(`UPDATE notifications SET read_at = now() WHERE id = $1`, [id]);
        const meanwhile = await changes(dana, cursor);
        expect(meanwhile.messages).toBeUndefined();
        await late.query('COMMIT');
        expect((await changes(dana, meanwhile.cursor)).messages).toEqual({
          changed: [id],
          removed: [],
        });
      } finally {
        await late.end();
      }
    },
  );

  it.runIf(lane.name === 'postgres')(
    'is not held back by a transaction open in another database of the same server',
    async () => {
      const elsewhere = new URL(gw.env.DATABASE_URL!);
      elsewhere.pathname = '/postgres';
      const idle = new pg.Client({ connectionString: elsewhere.toString() });
      await idle.connect();
      try {
        await idle.query('BEGIN');
        // Taking an id makes it a running transaction in every snapshot of the server.
        await idle.query('SELECT pg_current_xact_id()');
        const { cursor } = await changes(dana);
        await reply('Seal replaced, running again.');
        expect((await changes(dana, cursor)).cases.changed).toEqual([CASE]);
      } finally {
        await idle.query('ROLLBACK');
        await idle.end();
      }
    },
  );

  /** Whether `promise` settles within `ms` (the feed's promise: a change within seconds). */
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<'late'>((r) => setTimeout(() => r('late'), ms))]);
  /** What a held ask answered, if it answered within 10 s. */
  const heldAnswer = async (held: Promise<{ statusCode: number; body: string }>) => {
    const res = await within(held, 10_000);
    if (res === 'late') return 'late';
    expect(res.statusCode, res.body).toBe(200);
    return changesResponseSchema.parse(JSON.parse(res.body));
  };

  it('held open, answers as soon as a change is committed, and empty when its time is up', async () => {
    const { cursor } = await changes(dana);
    const quiet = await changes(dana, `${cursor}&wait=1`);
    expect(quiet.cases).toEqual({ changed: [], removed: [] });

    const held = http.get(`/api/v1/changes?since=${cursor}&wait=25`, dana);
    await reply('Held open: the seal kit is on its way.');
    const answer = await heldAnswer(held);
    expect(answer === 'late' ? answer : answer.cases.changed).toEqual([CASE]);

    // A message of her own wakes her too.
    if (answer === 'late') return;
    const heldForMessage = http.get(`/api/v1/changes?since=${answer.cursor}&wait=25`, dana);
    const id = await sendToDealers(`Held open ${randomUUID()}`);
    const messaged = await heldAnswer(heldForMessage);
    expect(messaged === 'late' ? messaged : messaged.messages?.changed).toEqual([id]);
  });

  it('wakes only the devices a change concerns', async () => {
    const watch = changeWatch(gw.started.db.kysely, 50);
    try {
      const { cursor } = await changes(dana);
      const never = new AbortController();
      let otherWoken = false;
      const other = watch
        .next(new Set([RIVERBEND_ID]), cursor, 20_000, never.signal)
        .then(() => (otherWoken = true));
      const own = watch.next(new Set([NORTHFIELD_ID]), cursor, 20_000, never.signal);
      await reply('Only Northfield hears of this.');
      expect(await within(own, 10_000)).not.toBe('late');
      await new Promise((r) => setImmediate(r));
      expect(otherWoken).toBe(false);
      watch.close();
      await other;
    } finally {
      watch.close();
    }
  });

  it.runIf(lane.name === 'postgres')(
    'wakes a device waiting on another gateway of the same database',
    async () => {
      const other = await startGateway(testConfig(gw.env));
      atPublicAddress(other.app);
      try {
        const { cursor } = await changes(dana);
        const held = other.app.inject({
          url: `/api/v1/changes?since=${cursor}&wait=25`,
          headers: { cookie: dana },
        });
        await reply('Through the first gateway, heard on the second.');
        const answer = await heldAnswer(held);
        expect(answer === 'late' ? answer : answer.cases.changed).toEqual([CASE]);
      } finally {
        await other.app.close();
      }
    },
  );

  it.runIf(lane.name === 'postgres')(
    'answers the asks it holds when it stops, rather than keeping the stop waiting',
    async () => {
      const other = await startGateway(testConfig(gw.env));
      atPublicAddress(other.app);
      let closed: Promise<void> | undefined;
      try {
        const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
        const { cursor } = await changes(dana);
        // Over a real connection: the stop waits for those, where `inject` never would.
        const held = new Promise<{ status?: number; body: string }>((resolve, reject) => {
          const url = `${address}/api/v1/changes?since=${cursor}&wait=25`;
          const headers = { cookie: dana, host: new URL(PUBLIC_URL).host };
          get(url, { headers }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode, body }));
          }).on('error', reject);
        });
        // Held: nothing changed for her.
        expect(await within(held, 1_000)).toBe('late');
        closed = other.app.close();
        expect(await within(closed, 10_000)).not.toBe('late');
        const res = await held;
        expect(res.status).toBe(200);
        expect(changesResponseSchema.parse(JSON.parse(res.body)).cases.changed).toEqual([]);
      } finally {
        await (closed ?? other.app.close());
      }
    },
  );
});
