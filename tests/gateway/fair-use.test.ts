import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { BUSY_MESSAGE, workLimiter } from '../../gateway/http/fair-use';
import { sql } from 'kysely';
import { startGateway, type Started } from '../../gateway/start';
import { atPublicAddress, lanes, openGateway, testConfig, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

describe('the bound on concurrent expensive work', () => {
  it('lets `slots` run at once, queues the rest in order, turns away past the queue', async () => {
    const work = workLimiter(2, 2);
    const order: number[] = [];
    const run = async (n: number) => {
      if (!(await work.acquire())) return `refused ${n}`;
      order.push(n);
      await new Promise((r) => setTimeout(r, 5));
      work.release();
      return `ran ${n}`;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map(run));
    expect(results).toEqual(['ran 1', 'ran 2', 'ran 3', 'ran 4', 'refused 5']);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('gives the next turn to another user rather than to the rest of a burst', async () => {
    const work = workLimiter(1, 100);
    const order: string[] = [];
    const run = async (who: string) => {
      await work.acquire(who);
      order.push(who);
      await new Promise((r) => setTimeout(r, 1));
      work.release();
    };
    await Promise.all(['dana', 'dana', 'dana', 'dana', 'eli'].map(run));
    expect(order).toEqual(['dana', 'dana', 'eli', 'dana', 'dana']);
  });

  it('counts what one user has in progress, up to its share', () => {
    const work = workLimiter(1, 100, 2);
    expect([work.enter('dana'), work.enter('dana'), work.enter('dana')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(work.enter('eli')).toBe(true);
    work.leave('dana');
    expect(work.enter('dana')).toBe(true);
  });
});

/** Per-user limits of 3 in a minute, on the expensive endpoints and on every other one. */
const LIMITS = {
  EXPENSIVE_REQUESTS: '3',
  EXPENSIVE_WINDOW_SECONDS: '60',
  USER_REQUESTS: '3',
  USER_WINDOW_SECONDS: '60',
};

describe.each(lanes)('per-user limits on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let eli: string;
  beforeAll(async () => {
    gw = await openGateway(lane, LIMITS);
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
    eli = await signIn(gw.app, 'eli.tech@riverbend.example');
  }, 300_000);
  afterAll(async () => {
    await gw?.close();
  });

  const search = (cookie: string) =>
    gw.app.inject({ url: '/api/v1/knowledge/search?q=hydraulic', headers: { cookie } });

  it('answers a user past the limit 429 with Retry-After; another user is unaffected', async () => {
    for (let i = 0; i < 3; i++) expect((await search(dana)).statusCode).toBe(200);
    const refused = await search(dana);
    expect(refused.statusCode, refused.body).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(BUSY_MESSAGE);

    // Another user, and the same user's cheap requests, go on as before.
    expect((await search(eli)).statusCode).toBe(200);
    const list = await gw.app.inject({ url: '/api/v1/cases', headers: { cookie: dana } });
    expect(list.statusCode).toBe(200);
  });

  it('counts each expensive endpoint on its own', async () => {
    const lookup = await gw.app.inject({
      url: '/api/v1/case-lookups/AccountId?q=North',
      headers: { cookie: dana },
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
  });

  it('limits the case list and the machine lookup per user, each on its own', async () => {
    const get = (url: string, cookie: string) => gw.app.inject({ url, headers: { cookie } });
    for (const url of [
      '/api/v1/cases?limit=5',
      '/api/v1/machines/lookup?serial=52016&model=M7-172',
    ]) {
      for (let i = 0; i < 3; i++) expect((await get(url, eli)).statusCode).toBeLessThan(429);
      const refused = await get(url, eli);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(refused.json()).message).toBe(BUSY_MESSAGE);
    }
    // Another user's case list is not counted with eli's.
    expect((await get('/api/v1/cases?limit=5', dana)).statusCode).toBe(200);
  });

  // Counted in PostgreSQL; the embedded database's one process counts in memory.
  it.runIf(lane.name === 'postgres')(
    'writes no count for a request refused while its window lasts',
    async () => {
      const db = gw.started.db.kysely;
      const url = '/api/v1/cases/record-types';
      const get = () => gw.app.inject({ url, headers: { cookie: eli } });
      for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBeLessThan(429);
      const counted = async () =>
        (
          await db
            .selectFrom('request_counts')
            .select('count')
            .where('key', 'like', `GET ${url} %`)
            .executeTakeFirstOrThrow()
        ).count;
      expect((await get()).statusCode).toBe(429);
      const atRefusal = await counted();
      for (let i = 0; i < 5; i++) expect((await get()).statusCode).toBe(429);
      expect(await counted()).toBe(atRefusal);
    },
  );

  it.runIf(lane.name === 'postgres')(
    'lets a request through when its count cannot be written',
    async () => {
      const db = gw.started.db.kysely;
      await sql`ALTER TABLE request_counts RENAME TO request_counts_away`.execute(db);
      try {
        const res = await gw.app.inject({
          url: '/api/v1/cases/record-types',
          headers: { cookie: dana },
        });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await sql`ALTER TABLE request_counts_away RENAME TO request_counts`.execute(db);
      }
    },
  );
});

describe.each(lanes.filter((l) => l.name === 'postgres'))(
  'per-user limits across two gateways on $name',
  (lane) => {
    let first: TestGateway;
    let second: Started;
    let dana: string;
    beforeAll(async () => {
      first = await openGateway(lane, LIMITS);
      second = await startGateway(testConfig({ ...first.env, ...LIMITS }));
      atPublicAddress(second.app);
      await second.app.ready();
      dana = await signIn(first.app, 'dana.tech@northfield.example');
    }, 300_000);
    afterAll(async () => {
      await second?.app.close();
      await first?.close();
    });

    it('refuses on the second gateway once the first used the limit', async () => {
      for (const url of ['/api/v1/knowledge/search?q=hydraulic', '/api/v1/cases?limit=5']) {
        for (let i = 0; i < 3; i++) {
          const res = await first.app.inject({ url, headers: { cookie: dana } });
          expect(res.statusCode, res.body).toBe(200);
        }
        const refused = await second.app.inject({ url, headers: { cookie: dana } });
        expect(refused.statusCode, refused.body).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    });
  },
);
