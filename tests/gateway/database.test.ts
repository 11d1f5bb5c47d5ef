import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../gateway/db/migrate';
import { migrations } from '../../gateway/db/migrations';
import { DEMO_USERS } from '../../gateway/seed/fixed';
import { generateDemoData } from '../../gateway/seed/generate';
import { STATES } from '../../gateway/seed/places';
import { startGateway } from '../../gateway/start';
import { atPublicAddress, lanes, openGateway, testConfig, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

describe('demo data generator', () => {
  it('is deterministic: the same ids and names every time', () => {
    const a = generateDemoData('small');
    const b = generateDemoData('small');
    expect(b).toEqual(a);
    expect(a.accounts.length).toBeGreaterThan(200);
    const dealers = a.accounts.filter((x) => x.record_type === 'Dealer');
    expect(dealers.length).toBeGreaterThanOrEqual(40);
    expect(new Set(dealers.map((d) => d.state))).toContain('DC');
    expect(dealers.map((d) => d.name)).toEqual(
      expect.arrayContaining(['Northfield Equipment', 'Riverbend Tractor']),
    );
    expect(new Set(a.accounts.map((x) => x.id)).size).toBe(a.accounts.length);
    expect(new Set(dealers.map((d) => d.name)).size).toBe(dealers.length);
    const codes = new Set(STATES.map((s) => s.code));
    expect(a.accounts.every((x) => x.state === null || codes.has(x.state!))).toBe(true);
  });

  it('scales with the size knob', () => {
    const large = generateDemoData('large');
    expect(large.accounts.filter((x) => x.record_type === 'Dealer').length).toBeGreaterThanOrEqual(
      400,
    );
    expect(large.accounts.filter((x) => x.record_type === 'Customer').length).toBeGreaterThan(
      20_000,
    );
  });
});

describe.each(lanes)('database start-up on $name', (lane) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lane, {}, { firstStart: true });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('seeds on first start only; a second start keeps data and sessions', async () => {
    const db = gw.started.db.kysely;
    expect(gw.started.migrated).toEqual(Object.keys(migrations));
    expect(gw.started.migrated[0]).toBe('0001-skeleton');
    expect(gw.started.seeded).not.toBeNull();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('accounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBe(generateDemoData('small').accounts.length);
    const cookie = await signIn(gw.app, 'eli.tech@riverbend.example');
    // Migrating again is a no-op.
    expect(await migrateToLatest(db)).toEqual([]);
    const firstKey = await db
      .selectFrom('signing_keys')
      .select('id')
      .where('kind', '=', 'jwk')
      .execute();
    // A second start on the same database (the first must let go of PGlite's data dir).
    await gw.app.close();
    const again = await startGateway(testConfig(gw.env));
    atPublicAddress(again.app);
    try {
      expect(again.migrated).toEqual([]);
      expect(again.seeded).toBeNull();
      const db2 = again.db.kysely;
      const n = Number(
        (
          await db2
            .selectFrom('accounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(n).toBe(before);
      expect(
        await db2.selectFrom('signing_keys').select('id').where('kind', '=', 'jwk').execute(),
      ).toEqual(firstKey);
      // The gateway session and the demo users survived the restart.
      const me = await again.app.inject({ url: '/api/v1/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      const users = await db2
        .selectFrom('users')
        .select(['id', 'username'])
        .orderBy('id')
        .execute();
      expect(users).toEqual(DEMO_USERS.map((u) => ({ id: u.id, username: u.username })));
      // And a sign-in through the provider still works with the persisted keys and store.
      await signIn(again.app, 'sam.staff@torque.example');
    } finally {
      await again.app.close();
    }
  });
});

describe.each(lanes.filter((l) => l.name === 'postgres'))(
  'two gateways starting at once on $name',
  (lane) => {
    it('on one empty database: both come up and the demo data is seeded once', async () => {
      const db = await lane.create();
      // Each its own data dir, as two machines have; the database is the one they share.
      const copies = [
        testConfig({ ...db.env, DATA_DIR: `${db.env.DATA_DIR}/one` }),
        testConfig({ ...db.env, DATA_DIR: `${db.env.DATA_DIR}/two` }),
      ];
      const started = await Promise.allSettled(copies.map((c) => startGateway(c)));
      const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
        expect(up.filter((g) => g.seeded !== null)).toHaveLength(1);
        for (const g of up) {
          const health = await atPublicAddress(g.app).inject({ url: '/api/v1/health' });
          expect(health.statusCode, health.body).toBe(200);
        }
        const kysely = up[0]!.db.kysely;
        const accounts = await kysely
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(accounts.n)).toBe(generateDemoData('small').accounts.length);
        const users = await kysely.selectFrom('users').select('id').orderBy('id').execute();
        expect(users).toEqual(DEMO_USERS.map((u) => ({ id: u.id })).sort(byId));
        // A sign-in on the second works with what the first stored.
        await signIn(up[1]!.app, 'eli.tech@riverbend.example');
      } finally {
        for (const g of up) await g.app.close();
        await db.dispose();
      }
    }, 300_000);
  },
);

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
