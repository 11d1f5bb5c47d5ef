import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../contract/endpoint';
import { createGuards } from '../../gateway/auth/guards';
import { HttpError, installErrorHandler } from '../../gateway/http/errors';
import { route } from '../../gateway/http/route';
import {
  idempotentWrite,
  pruneIdempotencyKeys,
  REPLAYED_HEADER,
} from '../../gateway/services/idempotency';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const EFFECT = 'test-effect';
const bodySchema = z.object({
  note: z.string(),
  refuse: z.boolean().optional(),
  delayMs: z.number().int().max(2000).optional(),
});

/** Declared as the outbox's writes are: applied once per Idempotency-Key. */
const testWrite = endpoint({
  method: 'POST',
  path: '/api/v1/test/writes',
  summary: 'One audit row per run of its effect',
  access: 'user',
  scope: 'caller',
  body: bodySchema,
  responses: { 201: z.object({ id: z.string(), note: z.string() }) },
  idempotent: true,
});

/**
 * A write route of its own over the gateway's database and sessions: its effect is one audit
 * row per run, so a test counts exactly how often the effect happened. `failNext` makes the
 * next run a fault (500) after it wrote, to show faults are rolled back and not stored.
 */
async function buildWriteApp(gw: TestGateway, state: { failNext: boolean }) {
  const db = gw.started.db.kysely;
  const app = Fastify({ logger: false });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(fastifyCookie);
  const guards = createGuards(db, gw.config);
  route(
    app,
    testWrite,
    async (request, reply) => {
      const input = request.body;
      return idempotentWrite(db, request, reply, async (trx) => {
        await trx
          .insertInto('audit_log')
          .values({ action: EFFECT, user_id: request.user!.id, subject: input.note, detail: null })
          .execute();
        if (input.delayMs) await new Promise((r) => setTimeout(r, input.delayMs));
        if (state.failNext) {
          state.failNext = false;
          throw new Error('a fault after the effect wrote');
        }
        if (input.refuse) throw new HttpError(409, 'Refused for the test', 'already-paired');
        // A fresh id per run: a replay that ran the effect again would answer a different one.
        return { status: 201, body: { id: randomUUID(), note: input.note } };
      });
    },
    { preHandler: guards.requireUser },
  );
  await app.ready();
  return app;
}

describe.each(lanes)('idempotency on $name', (lane) => {
  let gw: TestGateway;
  let app: FastifyInstance;
  let sam: string;
  let dana: string;
  const state = { failNext: false };

  beforeAll(async () => {
    gw = await openGateway(lane);
    app = await buildWriteApp(gw, state);
    sam = await signIn(gw.app, 'sam.staff@torque.example');
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
  });
  afterAll(async () => {
    await app?.close();
    await gw?.close();
  });

  const write = (cookie: string, body: unknown, key?: string, url = '/api/v1/test/writes') =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body as object,
    });

  async function effects(note: string): Promise<number> {
    const row = await gw.started.db.kysely
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '=', EFFECT)
      .where('subject', '=', note)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function storedKey(key: string) {
    return gw.started.db.kysely
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
  }

  it('applies a key once: the replay gets the first answer and no second effect', async () => {
    const key = randomUUID();
    const note = `once-${key}`;
    const first = await write(sam, { note }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const second = await write(sam, { note }, key);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers[REPLAYED_HEADER]).toBe('true');
    expect(await effects(note)).toBe(1);
    expect(await storedKey(key)).toMatchObject({ status_code: 201, response: first.json() });
  });

  it('the same body with its keys in another order is the same request', async () => {
    const key = randomUUID();
    const note = `order-${key}`;
    const first = await write(sam, { note, delayMs: 1 }, key);
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/test/writes',
      headers: { cookie: sam, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: `{"delayMs":1,"note":${JSON.stringify(note)}}`,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await effects(note)).toBe(1);
  });

  it('concurrent duplicates run the effect once and all get its answer', async () => {
    const key = randomUUID();
    const note = `concurrent-${key}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => write(sam, { note, delayMs: 150 }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    const bodies = answers.map((a) => a.json<{ id: string }>());
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers[REPLAYED_HEADER] === 'true')).toHaveLength(5);
    expect(await effects(note)).toBe(1);
  });

  it('the same key with a different body (or another path) is refused with 422', async () => {
    const key = randomUUID();
    const note = `reuse-${key}`;
    expect((await write(sam, { note }, key)).statusCode).toBe(201);
    const other = await write(sam, { note: `${note}-changed` }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      statusCode: 422,
      error: 'Unprocessable Entity',
      errorCode: 'idempotency-key-reused',
      message: expect.stringMatching(/already used for a different request/),
    });
    const otherPath = await write(sam, { note }, key, '/api/v1/test/writes?x=1');
    expect(otherPath.statusCode).toBe(422);
    expect(await effects(note)).toBe(1);
    expect(await effects(`${note}-changed`)).toBe(0);
  });

  it('the same key from another user is refused (409) and has no effect', async () => {
    const key = randomUUID();
    const note = `other-user-${key}`;
    expect((await write(sam, { note }, key)).statusCode).toBe(201);
    const res = await write(dana, { note }, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      errorCode: 'idempotency-key-conflict',
    });
    expect(await effects(note)).toBe(1);
    // Also when the other user comes first and both race.
    const raced = randomUUID();
    const [a, b] = await Promise.all([
      write(dana, { note: `race-${raced}`, delayMs: 100 }, raced),
      write(sam, { note: `race-${raced}`, delayMs: 100 }, raced),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await effects(`race-${raced}`)).toBe(1);
  });

  it('a refusal is stored and replayed; what its effect wrote is rolled back', async () => {
    const key = randomUUID();
    const note = `refused-${key}`;
    const first = await write(sam, { note, refuse: true }, key);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Refused for the test',
      errorCode: 'already-paired',
    });
    const replay = await write(sam, { note, refuse: true }, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    expect(await effects(note)).toBe(0);
    expect(await storedKey(key)).toMatchObject({ status_code: 409 });
  });

  it('a fault (500) stores nothing: the retry with the same key runs the effect', async () => {
    const key = randomUUID();
    const note = `fault-${key}`;
    state.failNext = true;
    const failed = await write(sam, { note }, key);
    expect(failed.statusCode).toBe(500);
    expect(await effects(note)).toBe(0);
    expect(await storedKey(key)).toBeUndefined();
    const retry = await write(sam, { note }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await effects(note)).toBe(1);
  });

  it('without a key every call is its own write', async () => {
    const note = `no-key-${randomUUID()}`;
    const a = await write(sam, { note });
    const b = await write(sam, { note });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<{ id: string }>().id).not.toBe(b.json<{ id: string }>().id);
    expect(await effects(note)).toBe(2);
    // A refusal without a key is a plain error answer.
    const refused = await write(sam, { note, refuse: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'already-paired' });
    expect(await effects(note)).toBe(2);
  });

  it('a malformed key is a 400 and nothing happens', async () => {
    const note = `bad-key-${randomUUID()}`;
    for (const key of ['', 'a'.repeat(101), 'has space', 'semi;colon', 'a,b', 'ключ', '../x']) {
      const res = await write(sam, { note }, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key must be 1-100 characters/);
    }
    expect(await effects(note)).toBe(0);
    for (const key of ['a'.repeat(100), 'A_z-0', randomUUID()]) {
      expect((await write(sam, { note }, key)).statusCode, key).toBe(201);
    }
    expect(await effects(note)).toBe(3);
  });

  it('needs a session before any key is looked at', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/writes',
      headers: { 'idempotency-key': randomUUID() },
      payload: { note: 'anonymous' },
    });
    expect(res.statusCode).toBe(401);
    expect(await effects('anonymous')).toBe(0);
  });

  it('prunes keys older than 30 days, keeps recent ones', async () => {
    const db = gw.started.db.kysely;
    const users = await db.selectFrom('users').select('id').limit(1).execute();
    const old = `old-${randomUUID()}`;
    await db
      .insertInto('idempotency_keys')
      .values({
        user_id: users[0]!.id,
        key: old,
        request_hash: 'x',
        status_code: 201,
        response: 'null',
        created_at: new Date(Date.now() - 31 * 86_400_000),
      })
      .execute();
    const recent = randomUUID();
    expect((await write(sam, { note: `prune-${recent}` }, recent)).statusCode).toBe(201);
    expect(await pruneIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await storedKey(old)).toBeUndefined();
    expect(await storedKey(recent)).toBeDefined();
  });
});
