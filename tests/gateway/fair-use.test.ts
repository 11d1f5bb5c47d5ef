import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { BUSY_MESSAGE, workLimiter } from '../../gateway/http/fair-use';
import { lanes, openGateway, type TestGateway } from './harness';
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
});

describe.each(lanes)('per-user limits on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let eli: string;
  beforeAll(async () => {
    gw = await openGateway(lane, { EXPENSIVE_REQUESTS: '3', EXPENSIVE_WINDOW_SECONDS: '60' });
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
});
