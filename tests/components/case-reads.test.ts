import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markCaseReadResponseSchema, unreadCasesResponseSchema } from '../../contract/case-reads';
import { db } from '../../src/db/db';
import { markCaseOpened } from '../../src/sync/case-reads';
import { refreshUnreadCases } from '../../src/sync/unread-refresh';
import { unreadCaseCount } from '../../src/sync/unread-state';
import { stubGateway, type GatewayStub } from './gateway-stub';
import { makeUser, resetDb, signInLocally } from './render';

// The replayer is not under test: queued marks stay queued.
vi.mock('../../src/sync/request-replay', () => ({ requestReplay: () => undefined }));

/*
 * Opening a case marks it read: on the device at once; the gateway told straight away online,
 * else through the outbox under the same Idempotency-Key (applied once either way).
 */

const dana = makeUser({ id: 'u-dana' });
const CASE = '500000000000000001';
const READ = `/api/v1/cases/${CASE}/read`;

let gateway: GatewayStub;
let online = true;

const marks = async () => (await db.outbox.toArray()).filter((e) => e.kind === 'case-read');

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  gateway = stubGateway()
    .on('POST', READ, markCaseReadResponseSchema, (r) => ({
      id: CASE,
      readAt: (r.body as { readAt: string }).readAt,
    }))
    .on('GET', '/api/v1/cases/unread', unreadCasesResponseSchema, () => ({
      count: 3,
      cases: [{ id: CASE, latestReplyAt: new Date(Date.now() - 60_000).toISOString() }],
    }));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await resetDb();
});

describe('markCaseOpened', () => {
  it('online: tells the gateway once with a key and queues nothing', async () => {
    await refreshUnreadCases(dana.id);
    expect(await unreadCaseCount(dana.id)).toBe(3);
    await markCaseOpened(dana.id, CASE, '00011420');
    const sent = gateway.requestsTo(READ);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse((sent[0]!.body as { readAt: string }).readAt)).toBeLessThanOrEqual(
      Date.now(),
    );
    expect(await marks()).toEqual([]);
    // Read on the device at once: the count drops before the next answer.
    expect(await unreadCaseCount(dana.id)).toBe(2);
  });

  it('offline: queues one mark, and a later opening moves it on rather than adding one', async () => {
    online = false;
    await markCaseOpened(dana.id, CASE, '00011420');
    await new Promise((r) => setTimeout(r, 5));
    await markCaseOpened(dana.id, CASE, '00011420');
    expect(gateway.requestsTo(READ)).toHaveLength(0);
    const queued = await marks();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ summary: 'Mark case 00011420 read', status: 'pending' });
    const read = await db.caseReads.get([dana.id, CASE]);
    expect((queued[0]!.payload as { readAt: string }).readAt).toBe(
      new Date(read!.readAt).toISOString(),
    );
  });

  it('without an answer: queues the mark under the key it was sent with', async () => {
    gateway.onRaw('POST', READ, () => new Response('Bad gateway', { status: 502 }));
    await markCaseOpened(dana.id, CASE, '00011420');
    const [queued] = await marks();
    expect(queued?.id).toBe(gateway.requestsTo(READ)[0]!.headers['Idempotency-Key']);
  });

  it("refused for good (another dealer's case): nothing is queued", async () => {
    gateway.refuse('POST', READ, {
      statusCode: 404,
      message: 'The Case you requested was not found.',
    });
    await markCaseOpened(dana.id, CASE, '00011420');
    expect(gateway.requestsTo(READ)).toHaveLength(1);
    expect(await marks()).toEqual([]);
  });
});
