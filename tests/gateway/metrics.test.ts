import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { loadedClaims } from '../../gateway/services/predictions-engine';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const TOKEN = 'operator-token-of-the-metrics-test';
const OPEN_CASE = MACHINE_1_CASES.northfieldOpen;
const RIVERBEND_CASE = MACHINE_1_CASES.riverbend;

/** The value of one series in Prometheus's text format; 0 when it is not there yet. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe.each(lanes)('/metrics on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  beforeAll(async () => {
    gw = await openGateway(lane, { METRICS_TOKEN: TOKEN });
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
  });
  afterAll(async () => {
    await gw?.close();
  });

  const scrape = async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  const get = (url: string, cookie?: string) =>
    gw.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('counts requests by route template and status, and times them', async () => {
    const route = '/api/v1/cases/:id';
    const ok = { method: 'GET', route, status: '200' };
    const before = await scrape();
    for (let i = 0; i < 3; i++)
      expect((await get(`/api/v1/cases/${OPEN_CASE}`, dana)).statusCode).toBe(200);
    expect((await get(`/api/v1/cases/${RIVERBEND_CASE}`, dana)).statusCode).toBe(404);
    expect((await get('/api/v1/cases')).statusCode).toBe(401);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('torque_http_requests_total', ok)).toBe(3);
    expect(moved('torque_http_requests_total', { ...ok, status: '404' })).toBe(1);
    expect(
      moved('torque_http_requests_total', { method: 'GET', route: '/api/v1/cases', status: '401' }),
    ).toBe(1);
    expect(moved('torque_http_request_duration_seconds_count', ok)).toBe(3);
    expect(moved('torque_http_request_duration_seconds_sum', ok)).toBeGreaterThan(0);
    // By template only: no series names a case.
    expect(after).not.toContain(OPEN_CASE);
  });

  it('counts a queued write sent again and answered from the idempotency store', async () => {
    const route = '/api/v1/cases/:id/read';
    const before = valueOf(await scrape(), 'torque_outbox_replays_total', { route });
    const key = randomUUID();
    const payload = { readAt: new Date().toISOString() };
    for (const replayed of [undefined, 'true']) {
      const res = await gw.app.inject({
        method: 'POST',
        url: `/api/v1/cases/${OPEN_CASE}/read`,
        headers: { cookie: dana, 'idempotency-key': key },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['idempotent-replayed']).toBe(replayed);
    }
    expect(valueOf(await scrape(), 'torque_outbox_replays_total', { route }) - before).toBe(1);
  });

  it('reads the database pool and the push queue when scraped', async () => {
    const text = await scrape();
    expect(valueOf(text, 'torque_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(text).toMatch(/^torque_db_pool_connections\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^torque_push_queue_jobs\{state="waiting"\} \d+$/m);
  });

  it('gives the prediction engine build time once it is built', async () => {
    await loadedClaims(gw.started.db.kysely);
    expect(valueOf(await scrape(), 'torque_prediction_engine_build_seconds')).toBeGreaterThan(0);
  });

  it('answers 404 without the token or with another', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`]) {
      const res = await gw.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('torque_');
    }
  });

  it('names every answer with its own X-Request-Id', async () => {
    const [a, b] = [await get('/api/v1/health'), await get('/api/v1/cases')];
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lanes[0]!);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('answers 404 to everyone', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer ' },
    });
    expect(res.statusCode).toBe(404);
  });
});
