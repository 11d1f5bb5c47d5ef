import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRemoteConfig } from '../../contract/first-screen-answers';
import { callChecked } from '../../src/api/checked-call';
import { setSessionRenewer } from '../../src/api/client';
import { NetworkError } from '../../src/api/errors';
import { remoteConfig } from './render';

/*
 * A request given a time to answer (timeoutMs): a gateway silent longer is no answer; the time
 * a 401's renewal takes, a user signing in again, is not the gateway's.
 */

const ok = () =>
  new Response(JSON.stringify(remoteConfig()), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const unauthorized = () =>
  new Response(JSON.stringify({ error: 'Unauthorized', message: 'Session ended' }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });
/** A fetch that answers only when its signal aborts it. */
const silent = (_url: unknown, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
  });
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRenewer(null);
});

describe('a request with a time to answer', () => {
  it('is no answer (NetworkError) when the gateway stays silent longer', async () => {
    vi.stubGlobal('fetch', vi.fn(silent));
    await expect(callChecked(getRemoteConfig, { timeoutMs: 50 })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('still stops when its caller aborts it, long before its time is up', async () => {
    const fetch = vi.fn(silent);
    vi.stubGlobal('fetch', fetch);
    const caller = new AbortController();
    const request = callChecked(getRemoteConfig, {
      timeoutMs: 60_000,
      signal: caller.signal,
    });
    caller.abort();
    await expect(request).rejects.toBeDefined();
    expect(fetch.mock.calls[0]![1]!.signal!.aborted).toBe(true);
  });

  it('gives the request retried after a slow renewal its own time', async () => {
    const answers = [unauthorized(), ok()];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    // The user takes longer to sign in again than the gateway is given to answer.
    setSessionRenewer(() => pause(150));
    await expect(callChecked(getRemoteConfig, { timeoutMs: 50 })).resolves.toEqual(remoteConfig());
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
