import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import type { Guards } from '../../gateway/auth/guards';
import { MACHINE_1, MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { NORTHFIELD_ID } from '../../gateway/seed/fixed';
import { declaredRoutes, installAccess, type Access } from '../../gateway/http/access';
import { createSession, SESSION_COOKIE } from '../../gateway/services/sessions';
import { findUserByUsername } from '../../gateway/services/users';
import { multipart } from './cases-support';
import { lanes, openGateway, type TestGateway } from './harness';

const CALLERS = {
  anonymous: null,
  dana: 'dana.tech@northfield.example',
  eli: 'eli.tech@riverbend.example',
  sam: 'sam.staff@torque.example',
  ada: 'ada.admin@torque.example',
} as const;
type Caller = keyof typeof CALLERS;

/** What each declaration promises each caller: refused with 401/403, or let through. */
const EXPECTED: Record<Access, Record<Caller, 401 | 403 | 'through'>> = {
  anonymous: {
    anonymous: 'through',
    dana: 'through',
    eli: 'through',
    sam: 'through',
    ada: 'through',
  },
  user: { anonymous: 401, dana: 'through', eli: 'through', sam: 'through', ada: 'through' },
  internal: { anonymous: 401, dana: 403, eli: 403, sam: 'through', ada: 'through' },
  admin: { anonymous: 401, dana: 403, eli: 403, sam: 403, ada: 'through' },
};

describe('route declarations', () => {
  const noGuards: Guards = {
    requireUser: async () => {},
    requireInternal: async () => {},
    requireAdmin: async () => {},
  };

  it('refuse to start a gateway with an /api/v1 route that declares no access', async () => {
    const app = Fastify();
    installAccess(app, noGuards);
    app.get('/api/v1/declared', { config: { access: 'user', scope: 'public' } }, async () => ({}));
    void app.register(async (child) => {
      child.get('/api/v1/undeclared', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/undeclared declares no access/);
    await app.close();
  });

  it('refuse an unknown access level and an anonymous route scoped to an organisation', () => {
    const app = Fastify();
    installAccess(app, noGuards);
    const config = { access: 'staff', scope: 'public' } as unknown as { access: Access };
    expect(() => app.get('/api/v1/a', { config }, async () => ({}))).toThrow(/access must be/);
    expect(() =>
      app.get(
        '/api/v1/b',
        { config: { access: 'anonymous', scope: 'organisation' } },
        async () => ({}),
      ),
    ).toThrow(/no organisation/);
  });
});

describe.each(lanes)('access matrix on $name', (lane) => {
  let gw: TestGateway;
  const userIds: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    gw = await openGateway(lane);
    for (const [caller, username] of Object.entries(CALLERS)) {
      if (!username) continue;
      const user = await findUserByUsername(gw.started.db.kysely, username);
      userIds[caller as Caller] = user!.id;
    }
  });
  afterAll(async () => {
    await gw?.close();
  });

  /** A fresh session per call: some routes (logout) end the session they are called with. */
  const cookieOf = async (caller: Caller) => {
    const id = userIds[caller];
    if (!id) return {};
    const { token } = await createSession(gw.started.db.kysely, id, 3_600_000);
    return { cookie: `${SESSION_COOKIE}=${token}` };
  };

  it('answers every /api/v1 route for every caller as the route declares', async () => {
    const routes = declaredRoutes(gw.app).filter((r) => r.url.startsWith('/api/v1'));
    expect(routes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of routes) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
      expect(route.scope, `${route.method} ${route.url}`).toBeDefined();
      const url = route.url.replace(/:\w+/g, 'x');
      for (const caller of Object.keys(CALLERS) as Caller[]) {
        const res = await gw.app.inject({
          method: route.method as 'GET',
          url,
          headers: await cookieOf(caller),
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        const expected = EXPECTED[route.access!][caller];
        const got = res.statusCode;
        const ok =
          expected === 'through' ? got !== 401 && got !== 403 && got < 500 : got === expected;
        if (!ok)
          wrong.push(`${route.method} ${route.url} as ${caller}: ${got}, expected ${expected}`);
        if (got >= 400 && route.method !== 'HEAD') apiErrorSchema.parse(res.json());
      }
    }
    expect(wrong).toEqual([]);
  });

  // product §6: reports are internal records. A dealer's own organisation's report answers
  // 404 by every path, as another dealer's record does; internal users reach it.
  it('answers external users 404 for a report of their own organisation, by every path', async () => {
    const report = MACHINE_1_CASES.northfieldReport;
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const upload = (caller: Caller) => async () => {
      const file = multipart(photo, 'seal.jpg', 'image/jpeg');
      return gw.app.inject({
        method: 'POST',
        url: `/api/v1/cases/${report}/files`,
        headers: { ...(await cookieOf(caller)), ...file.headers },
        payload: file.payload,
      });
    };
    const stored = await upload('sam')();
    expect(stored.statusCode, stored.body).toBe(201);
    const fileId = (stored.json() as { id: string }).id;

    const call =
      (method: 'GET' | 'POST', url: string, payload?: object) => (caller: Caller) => async () =>
        gw.app.inject({
          method,
          url,
          headers: await cookieOf(caller),
          ...(payload ? { payload } : {}),
        });
    const paths: [string, (caller: Caller) => () => Promise<{ statusCode: number }>][] = [
      ['detail', call('GET', `/api/v1/cases/${report}`)],
      ['feed', call('GET', `/api/v1/cases/${report}/feed`)],
      ['file', call('GET', `/api/v1/case-files/${fileId}`)],
      ['thumbnail', call('GET', `/api/v1/case-files/${fileId}/thumbnail`)],
      ['upload', upload],
      ['update', call('POST', `/api/v1/cases/${report}/feed`, { body: 'Seals replaced' })],
      ['close', call('POST', `/api/v1/cases/${report}/close`, {})],
      ['read', call('POST', `/api/v1/cases/${report}/read`, { readAt: new Date().toISOString() })],
    ];
    const wrong: string[] = [];
    for (const caller of ['dana', 'eli', 'sam', 'ada'] as const) {
      const internal = caller === 'sam' || caller === 'ada';
      for (const [name, request] of paths) {
        const res = await request(caller)();
        const ok = internal
          ? res.statusCode === 200 || res.statusCode === 201
          : res.statusCode === 404;
        if (!ok) wrong.push(`${name} as ${caller}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);

    // Lists: the report is in none of a dealer's lists.
    const lists = [
      '/api/v1/cases?limit=100',
      `/api/v1/organisations/${NORTHFIELD_ID}/cases?limit=100`,
      `/api/v1/machines/cases?serial=${MACHINE_1.serial}&model=${MACHINE_1.model}`,
      '/api/v1/cases/unread',
    ];
    for (const url of lists) {
      const res = await gw.app.inject({ method: 'GET', url, headers: await cookieOf('dana') });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain(report);
    }
  });

  // docs/product.md §6: predictions are dealers' records. Another dealer's prediction answers
  // 404 by every path and is in none of its lists; its own dealer and internal users reach it.
  it("answers another dealer's prediction 404 by every path, its own dealer and staff 200", async () => {
    const inject = async (
      caller: Caller,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
    ) =>
      gw.app.inject({
        method,
        url,
        headers: await cookieOf(caller),
        ...(payload ? { payload } : {}),
      });
    const made = await inject('dana', 'POST', '/api/v1/predictions', {
      modelNumber: MACHINE_1.model,
      serialNumber: MACHINE_1.serial,
      symptom: 'Hydraulic oil seeping at pump shaft',
      caseId: MACHINE_1_CASES.northfieldOpen,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: string }).id;
    const paths: [string, 'GET' | 'PUT', string, object?][] = [
      ['detail', 'GET', `/api/v1/predictions/${id}`],
      ['case', 'GET', `/api/v1/cases/${MACHINE_1_CASES.northfieldOpen}/predictions`],
      ['link', 'PUT', `/api/v1/predictions/${id}/case`, { caseId: MACHINE_1_CASES.northfieldOpen }],
    ];
    const wrong: string[] = [];
    for (const caller of ['dana', 'eli', 'sam', 'ada'] as const) {
      for (const [name, method, url, payload] of paths) {
        const res = await inject(caller, method, url, payload);
        const expected = caller === 'eli' ? 404 : 200;
        if (res.statusCode !== expected) wrong.push(`${name} as ${caller}: ${res.statusCode}`);
        if (res.statusCode === 200 && !res.body.includes(id))
          wrong.push(`${name} as ${caller}: not in it`);
      }
    }
    expect(wrong).toEqual([]);
    const eliList = await inject('eli', 'GET', '/api/v1/predictions');
    expect(eliList.statusCode).toBe(200);
    expect(eliList.body).not.toContain(id);
  });

  it('keeps the roles product §6 gives to internal users only', () => {
    const accessOf = (url: string) =>
      declaredRoutes(gw.app).find((r) => r.method === 'GET' && r.url === url)?.access;
    expect(accessOf('/api/v1/dealers')).toBe('internal');
    expect(accessOf('/api/v1/machines/reports')).toBe('internal');
    expect(accessOf('/api/v1/me')).toBe('user');
  });
});
