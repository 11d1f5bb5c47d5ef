import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDealerContacts } from '../../contract/endpoints/dealer-contacts';
import { getPrediction } from '../../contract/endpoints/predictions';
import type { DealerContacts } from '../../contract/notifications';
import { declaredRoutes } from '../../gateway/http/access';
import { createSession, SESSION_COOKIE } from '../../gateway/services/sessions';
import { findUserByUsername } from '../../gateway/services/users';
import type { ApiError } from '../../src/api/errors';
import { callApi } from '../../src/api/endpoint-client';
import { lanes, openGateway, type TestGateway } from './harness';

/*
 * docs/architecture.md "How to add an endpoint", as it runs: the declaration
 * (contract/endpoints/dealer-contacts.ts), its handler (gateway/routes/dealers.ts) and the PWA's
 * typed call (src/api/notifications.ts fetchDealerContacts), against the real gateway.
 */

/** The PWA's fetch, answered by the gateway in-process with the caller's session cookie. */
function fetchThrough(app: FastifyInstance, cookie: string | null): typeof fetch {
  return async (input, init) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: {
        ...(init?.headers as Record<string, string>),
        ...(cookie ? { cookie } : {}),
      },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}

describe.each(lanes)('how to add an endpoint, on $name', (lane) => {
  let gw: TestGateway;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    gw = await openGateway(lane);
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await gw?.close();
  });

  async function signIn(username: string | null) {
    if (!username) {
      globalThis.fetch = fetchThrough(gw.app, null);
      return;
    }
    const user = await findUserByUsername(gw.started.db.kysely, username);
    const { token } = await createSession(gw.started.db.kysely, user!.id, 3_600_000);
    globalThis.fetch = fetchThrough(gw.app, `${SESSION_COOKIE}=${token}`);
  }

  it('registers the handler against its declaration', () => {
    const registered = declaredRoutes(gw.app).find(
      (r) => r.method === 'GET' && r.url === getDealerContacts.path,
    );
    expect(registered?.endpoint).toBe(getDealerContacts);
    expect(registered).toMatchObject({ access: 'user', scope: 'organisation' });
  });

  it("answers the typed call with the caller's own dealer, as declared", async () => {
    await signIn('dana.tech@northfield.example');
    const contacts: DealerContacts = await callApi(getDealerContacts, { query: {} });
    expect(contacts.dealer.name).toBe('Northfield Equipment');
    expect(contacts.sections.length).toBeGreaterThan(0);
  });

  it('refuses a caller the declaration does not let in', async () => {
    await signIn(null);
    await expect(
      callApi(getDealerContacts, { query: {}, renewOn401: false }),
    ).rejects.toMatchObject({ status: 401 } satisfies Partial<ApiError>);
  });

  it('types what a call must carry', () => {
    // Compile-time only: a path parameter the declaration names cannot be left out.
    // @ts-expect-error -- getPrediction's path is /api/v1/predictions/:id
    const missing = () => callApi(getPrediction, {});
    expect(typeof missing).toBe('function');
  });
});
