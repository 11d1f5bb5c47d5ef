import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteConfigSchema } from '../../contract/config';
import { apiRequest } from '../../src/api/client';
import { getCase, getCaseListPage } from '../../src/api/cases';
import { MalformedAnswerError } from '../../src/api/errors';
import { fetchNotifications } from '../../src/api/notifications';
import { getRecordTypes } from '../../src/api/wizard';
import { remoteConfig } from './render';

const answer = (body: string, type = 'application/json') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': type } })),
  );
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest checks answers with their contract schema', () => {
  it('resolves with the parsed answer', async () => {
    answer(JSON.stringify(remoteConfig()));
    await expect(apiRequest('/api/v1/config', { schema: remoteConfigSchema })).resolves.toEqual(
      remoteConfig(),
    );
  });

  it('refuses an answer that breaks the contract, with a message for the user', async () => {
    answer(JSON.stringify({ ...remoteConfig(), productName: 42 }));
    const failure = apiRequest('/api/v1/config', { schema: remoteConfigSchema });
    await expect(failure).rejects.toBeInstanceOf(MalformedAnswerError);
    await expect(failure).rejects.toThrow(
      "The server's answer could not be read. Please try again later.",
    );
  });

  it("refuses a page that is not JSON (a proxy's)", async () => {
    answer('<html>Gateway Timeout</html>', 'text/html');
    await expect(
      apiRequest('/api/v1/config', { schema: remoteConfigSchema }),
    ).rejects.toBeInstanceOf(MalformedAnswerError);
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
