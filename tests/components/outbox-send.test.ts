import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionRenewer } from '../../src/api/client';
import { sendWrite } from '../../src/sync/replay-send';
import { classify } from '../../src/sync/replayer';

/* The replayer's real `send` over a faked fetch: what the state machine gets to see. */

const request = {
  method: 'POST' as const,
  path: '/api/v1/dcu/pairings',
  body: { imeiNumber: '358000000000001' },
  idempotencyKey: 'key-1',
};

function fakeFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const spy = vi.fn(impl);
  vi.stubGlobal('fetch', spy);
  return spy;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRenewer(null);
});

describe('sendWrite', () => {
  it('sends the body as JSON with the Idempotency-Key and the session cookie', async () => {
    const spy = fakeFetch(async () => json(201, { pairingId: 'p-1' }));
    expect(await sendWrite(request)).toEqual({ status: 200, body: { pairingId: 'p-1' } });
    const [url, init] = spy.mock.calls[0]!;
    expect(url).toBe('/api/v1/dcu/pairings');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
    expect(JSON.parse(init.body as string)).toEqual(request.body);
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("passes a refusal's message and errorCode on as the answer", async () => {
    fakeFetch(async () =>
      json(409, { error: 'Conflict', message: 'Already paired.', errorCode: 'already-paired' }),
    );
    const answer = await sendWrite(request);
    expect(answer).toEqual({
      status: 409,
      body: { message: 'Already paired.', errorCode: 'already-paired' },
    });
    expect(classify(answer)).toEqual({
      kind: 'refused',
      error: { status: 409, message: 'Already paired.', errorCode: 'already-paired' },
    });
  });

  it("keeps the answer's X-Request-Id with the refusal, for a support request", async () => {
    fakeFetch(
      async () =>
        new Response(JSON.stringify({ error: 'Conflict', message: 'Already paired.' }), {
          status: 409,
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
        }),
    );
    const answer = await sendWrite(request);
    expect(answer.requestId).toBe('req-42');
    expect(classify(answer)).toEqual({
      kind: 'refused',
      error: { status: 409, message: 'Already paired.', requestId: 'req-42' },
    });
  });

  it('does not renew the session on 401 (no sign-in prompt from a background replay)', async () => {
    const renewer = vi.fn(async () => undefined);
    setSessionRenewer(renewer);
    const spy = fakeFetch(async () => json(401, { error: 'Unauthorized', message: 'Sign in' }));
    expect((await sendWrite(request)).status).toBe(401);
    expect(renewer).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('rejects when no answer came (offline, gateway down)', async () => {
    fakeFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendWrite(request)).rejects.toThrow('No connection to the server.');
  });
});
