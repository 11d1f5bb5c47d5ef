import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRemoteConfig } from '../../contract/first-screen-answers';
import { callChecked } from '../../src/api/checked-call';
import { waitingCount } from '../../src/api/busy';
import { apiWriteAnswer } from '../../src/api/client';
import { getCase, getCaseListPage } from '../../src/api/cases';
import { MalformedAnswerError } from '../../src/api/errors';
import { fetchNotifications } from '../../src/api/notifications';
import { retryAfterMs } from '../../src/api/retry-after';
import { getRecordTypes } from '../../src/api/wizard';
import { remoteConfig } from './render';

const answer = (body: string, type = 'application/json') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': type } })),
  );
afterEach(() => vi.unstubAllGlobals());

describe('a first-screen call checks its answer with the check made from its declaration', () => {
  it('resolves with the parsed answer', async () => {
    answer(JSON.stringify(remoteConfig()));
    await expect(callChecked(getRemoteConfig)).resolves.toEqual(remoteConfig());
  });

  it('refuses an answer that breaks the contract, with a message for the user', async () => {
    answer(JSON.stringify({ ...remoteConfig(), productName: 42 }));
    const failure = callChecked(getRemoteConfig);
    await expect(failure).rejects.toBeInstanceOf(MalformedAnswerError);
    await expect(failure).rejects.toThrow(
      "The server's answer could not be read. Please try again later.",
    );
  });

  it("refuses a page that is not JSON (a proxy's)", async () => {
    answer('<html>Gateway Timeout</html>', 'text/html');
    await expect(callChecked(getRemoteConfig)).rejects.toBeInstanceOf(MalformedAnswerError);
  });
});

describe('the endpoint modules check their answers the same way', () => {
  // A wrong shape from any of them is the user-facing MalformedAnswerError, never a ZodError or
  // a half-read object that a caller could go on to store.
  it.each([
    ['a case', () => getCase('500000000000001')],
    ['a case list page', () => getCaseListPage({ kind: 'dealer' }, {})],
    ['the record types', () => getRecordTypes()],
    ['the notifications', () => fetchNotifications()],
  ])('refuses a malformed answer for %s', async (_name, call) => {
    answer(JSON.stringify({ unexpected: true }));
    await expect(call()).rejects.toBeInstanceOf(MalformedAnswerError);
  });
});

describe('a busy gateway (429 with Retry-After)', () => {
  const busyThenOk = (retryAfter: string) => {
    const answers = [
      new Response(
        JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'busy' }),
        {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
        },
      ),
      new Response(JSON.stringify(remoteConfig()), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('a read waits out Retry-After, shown as waiting, then goes again and resolves', async () => {
    vi.useFakeTimers();
    try {
      const fetch = busyThenOk('2');
      const result = callChecked(getRemoteConfig);
      await vi.advanceTimersByTimeAsync(1_900);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(waitingCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(200);
      await expect(result).resolves.toEqual(remoteConfig());
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(waitingCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a write is left to the outbox, with the Retry-After it was given', async () => {
    busyThenOk('7');
    const failure = apiWriteAnswer('/api/v1/cases/1/close', { method: 'POST', body: {} });
    await expect(failure).rejects.toMatchObject({ status: 429, retryAfterMs: 7_000 });
    expect(waitingCount()).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T06:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 06:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
