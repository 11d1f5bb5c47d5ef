import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../gateway/http/json-depth';
import { canonicalJson } from '../../gateway/services/idempotency';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const nested = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;

/** The recursive form the canonical text must keep matching (keys stored earlier hash by it). */
function recursiveCanonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(recursiveCanonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${recursiveCanonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('the canonical form of an idempotent request', () => {
  it('is the recursive walk’s text for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(canonicalJson(value)).toBe(recursiveCanonical(value));
      }),
      { numRuns: 500 },
    );
    expect(canonicalJson({ b: [1, { d: undefined, c: 'x' }], a: null })).toBe(
      '{"a":null,"b":[1,{"c":"x"}]}',
    );
  });

  it('takes 100,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(nested(100_000)) as unknown;
    expect(canonicalJson(deep)).toBe(nested(100_000));
  });
});

describe.each(lanes)('bodies nested too deep on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  beforeAll(async () => {
    gw = await openGateway(lane);
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
  }, 300_000);
  afterAll(async () => {
    await gw?.close();
  });

  const request = (method: 'POST' | 'DELETE', url: string, payload: string, key?: string) =>
    gw.app.inject({
      method,
      url,
      headers: {
        cookie: dana,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload,
    });
  const refusedTooDeep = (res: { statusCode: number; body: string }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
    expect(apiErrorSchema.parse(JSON.parse(res.body)).message, what).toBe(TOO_DEEP_MESSAGE);
  };
  const close = `/api/v1/cases/${MACHINE_1_CASES.northfieldOpen}/close`;

  it('closing a case with 5,000 nested arrays is a 400, with a key or without, and the case stays open', async () => {
    for (const depth of [5_000, 1_000, MAX_JSON_DEPTH + 1]) {
      refusedTooDeep(await request('POST', close, nested(depth), randomUUID()), `key, ${depth}`);
      refusedTooDeep(await request('POST', close, nested(depth)), `no key, ${depth}`);
    }
    refusedTooDeep(
      await request('POST', close, `{"a":${nested(5_000, '{}')}}`, randomUUID()),
      'objects and arrays',
    );
    const { status } = await gw.started.db.kysely
      .selectFrom('cases')
      .select('status')
      .where('id', '=', MACHINE_1_CASES.northfieldOpen)
      .executeTakeFirstOrThrow();
    expect(status).not.toBe('Closed');
  });

  it('deleting a message with a deep body is a 400 too; a body at the limit passes the edge', async () => {
    const url = `/api/v1/notifications/${randomUUID()}`;
    refusedTooDeep(await request('DELETE', url, nested(5_000), randomUUID()), 'delete');
    // At the limit the route itself answers: here, no such message.
    const atLimit = await request('DELETE', url, nested(MAX_JSON_DEPTH - 1, '{}'), randomUUID());
    expect(atLimit.statusCode, atLimit.body).toBe(404);
  });
});
