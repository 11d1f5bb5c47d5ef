import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesResponseSchema, type ChangesResponse } from '../../contract/changes';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { NORTHFIELD_ID, RIVERBEND_ID } from '../../gateway/seed/fixed';
import { changeWatch } from '../../gateway/services/change-watch';
import { startGateway } from '../../gateway/start';
import { type CasesClient, OPEN_TIMEOUT, openCasesGateway } from './cases-support';
import { atPublicAddress, lanes, testConfig, type TestGateway } from './harness';

const CASE = MACHINE_1_CASES.northfieldOpen;

describe.each(lanes)('the change feed on $name', (lane) => {
  let gw: TestGateway;
  let http: CasesClient;
  let dana: string;
  let eli: string;
  let sam: string;

  beforeAll(async () => {
    ({ gw, http, dana, eli, sam } = await openCasesGateway(lane));
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
    expect(after.cases).toEqual({ changed: [CASE], removed: [] });
    expect(BigInt(after.cursor)).toBeGreaterThan(BigInt(start.cursor));
    // Another dealer's device learns nothing of it, not even its id.
    const other = await changes(eli, start.cursor);
    expect(other.cases).toEqual({ changed: [], removed: [] });
    // Staff see every case.
    expect((await changes(sam, start.cursor)).cases.changed).toContain(CASE);
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
      expect((await changes(eli, cursor)).cases).toEqual({ changed: [CASE], removed: [] });
    } finally {
      await db
        .updateTable('cases')
        .set({ account_id: NORTHFIELD_ID })
        .where('id', '=', CASE)
        .execute();
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
  /** The cases a held ask answered, if it answered within 10 s. */
  const heldAnswer = async (held: Promise<{ statusCode: number; body: string }>) => {
    const res = await within(held, 10_000);
    if (res === 'late') return 'late';
    expect(res.statusCode, res.body).toBe(200);
    return changesResponseSchema.parse(JSON.parse(res.body)).cases.changed;
  };

  it('held open, answers as soon as a change is committed, and empty when its time is up', async () => {
    const { cursor } = await changes(dana);
    const quiet = await changes(dana, `${cursor}&wait=1`);
    expect(quiet.cases).toEqual({ changed: [], removed: [] });

    const held = http.get(`/api/v1/changes?since=${cursor}&wait=25`, dana);
    await reply('Held open: the seal kit is on its way.');
    expect(await heldAnswer(held)).toEqual([CASE]);
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
        expect(await heldAnswer(held)).toEqual([CASE]);
      } finally {
        await other.app.close();
      }
    },
  );
});
