import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes, type DeclaredRoute } from '../../gateway/http/access';
import { createSession, SESSION_COOKIE } from '../../gateway/services/sessions';
import { findUserByUsername } from '../../gateway/services/users';
import { lanes, openGateway, type TestGateway } from './harness';

/**
 * Every /api/v1 route, present and future, gets generated input: its declared fields filled
 * with hostile values, unknown fields, wrong types, hostile path parameters, deep JSON. Whatever
 * comes in, the answer is never a 5xx. Runs are bounded so the lane stays fast.
 */
const RUNS_PER_ROUTE = 12;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\ud800',
  'a\udc00b',
  '\u0000',
  'x\u0000y',
  "' OR 1=1 --",
  "'; DROP TABLE machines; --",
  '%',
  '%00',
  '\\',
  '../../etc/passwd',
  '😀',
  '\u202e\u0301',
  '<script>alert(1)</script>',
  '1e309',
  '-1',
  '0',
  '9'.repeat(40),
  'NaN',
  '{}',
  '[]',
  'x'.repeat(100_000),
  'ü'.repeat(5_000),
  '2026-02-30',
  '*',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
}));

/**
 * Deep JSON, sent as text: arrays, objects or both, around a harmless or a hostile leaf, from
 * a few levels to many thousands; none may overflow anything on the way (edge checks, the
 * idempotency key's canonical form, the routes).
 */
const deepBody = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 80, max: 12_000 })),
    shape: fc.constantFrom('arrays', 'objects', 'mixed'),
    leaf: fc.constantFrom('1', '"x"', 'null', '{}', '[]', '"\\ud800"'),
  })
  .map(({ depth, shape, leaf }) => {
    const open = (i: number) =>
      shape === 'arrays' || (shape === 'mixed' && i % 2 === 0) ? '[' : '{"a":';
    const close = (i: number) =>
      shape === 'arrays' || (shape === 'mixed' && i % 2 === 0) ? ']' : '}';
    let head = '';
    let tail = '';
    for (let i = 0; i < depth; i++) {
      head += open(i);
      tail = close(i) + tail;
    }
    return head + leaf + tail;
  });

/** The field names a zod object schema declares (none for other schemas). */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** Like encodeURIComponent, but lone surrogates go out as the bytes a careless client sends. */
function encode(s: string): string {
  return [...s]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

/** Declared fields filled with hostile values, some left out, some unknown ones added. */
function fieldsArbitrary(fields: string[]) {
  return fc.record({
    declared: fc.record(
      Object.fromEntries(fields.map((f) => [f, hostileValue])) as Record<
        string,
        fc.Arbitrary<unknown>
      >,
      { requiredKeys: [] },
    ),
    extra: fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }),
  });
}

function requestArbitrary(route: DeclaredRoute) {
  const params = route.url.match(/:\w+/g) ?? [];
  const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
  return fc.record({
    params: fc.tuple(...params.map(() => hostileString)),
    query: fieldsArbitrary(fieldsOf(schema?.querystring)),
    body: fc.oneof(
      fieldsArbitrary(fieldsOf(schema?.body)).map((f) => ({ ...f.extra, ...f.declared })),
      hostileValue,
    ),
    deep: fc.option(deepBody, { nil: undefined, freq: 2 }),
    // A well-formed key too, so a body reaches the key's canonical form and the effect.
    idempotencyKey: fc.option(fc.oneof(hostileString, fc.uuid()), { nil: undefined }),
    caller: fc.constantFrom('dana', 'sam'),
  });
}

function queryString(query: Record<string, unknown>): string {
  const parts = Object.entries(query).map(([k, v]) => {
    const values = Array.isArray(v) ? v : [v];
    return values
      .map((x) => `${encode(k)}=${encode(typeof x === 'string' ? x : JSON.stringify(x))}`)
      .join('&');
  });
  return parts.length ? `?${parts.join('&')}` : '';
}

describe.each(lanes)('generated input on every route on $name', (lane) => {
  let gw: TestGateway;
  const userIds: Record<string, string> = {};
  beforeAll(async () => {
    gw = await openGateway(lane);
    for (const [caller, username] of [
      ['dana', 'dana.tech@northfield.example'],
      ['sam', 'sam.staff@torque.example'],
    ] as const) {
      userIds[caller] = (await findUserByUsername(gw.started.db.kysely, username))!.id;
    }
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('no 5xx, ever', async () => {
    const routes = declaredRoutes(gw.app).filter(
      (r) => r.url.startsWith('/api/v1') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (input) => {
          let i = 0;
          const url =
            route.url.replace(/:\w+/g, () => encode(input.params[i++] ?? '')) +
            queryString({ ...input.query.extra, ...input.query.declared });
          // A fresh session per request: the logout route ends the one it is called with.
          const { token } = await createSession(
            gw.started.db.kysely,
            userIds[input.caller]!,
            3_600_000,
          );
          // DELETE with a body too: Fastify parses it, and the outbox's deletes carry keys.
          const hasBody = route.method !== 'GET';
          const res = await gw.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              cookie: `${SESSION_COOKIE}=${token}`,
              ...(input.idempotencyKey !== undefined
                ? { 'idempotency-key': encode(input.idempotencyKey) }
                : {}),
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(hasBody ? { payload: input.deep ?? JSON.stringify(input.body) } : {}),
          });
          if (res.statusCode >= 500) {
            throw new Error(
              `${route.method} ${route.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
            );
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 300_000);
});
