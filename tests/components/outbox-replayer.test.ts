import 'fake-indexeddb/auto';
import type { Transaction } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dcuPairingResultSchema } from '../../contract/dcu';
import { db } from '../../src/db/db';
import type { OutboxRow } from '../../src/db/schema';
import { backoffDelay, BACKOFF_MAX_MS } from '../../src/sync/backoff';
import { discardEntry, editEntry, enqueue, makeDueNow, retryEntry } from '../../src/sync/outbox';
import { outboxCounts } from '../../src/sync/outbox-status';
import {
  DEPENDENCY_DISCARDED_MESSAGE,
  nextAttemptAt,
  replayOutbox,
  resolveTemporaryIds,
  type SendAnswer,
  type SendRequest,
} from '../../src/sync/replayer';
import { runReplay } from '../../src/sync/replay-run';
import { caseDetail, closed } from './case-fixtures';
import { makeUser, resetDb } from './render';

/*
 * The replayer's state machine (product §4 "Offline-first") against a real Dexie on
 * fake-indexeddb and a fake network: every outcome, dependencies, owners, crash recovery, and
 * one run at a time.
 */

const dana = makeUser({ id: 'u-dana' });
const eli = makeUser({ id: 'u-eli', username: 'eli.tech@riverbend.example' });

async function signInAs(user = dana, confirmedAt = Date.now()) {
  await db.profile.put({ key: 'me', user, syncedAt: confirmedAt });
  await db.session.put({ key: 'current', userId: user.id, expiresAt: Date.now() + 3_600_000 });
}

const pairing = (serial: string) => ({
  serialNumber: serial,
  modelNumber: 'M5-111',
  pin: `KBCM5111TNP0${serial}`,
  dcuPartNumber: 'DCU-4G-200',
  imeiNumber: '358000000000001',
  usageHours: '12.5',
});

let clock = 1_000_000;
async function queue(serial: string, owner = dana, dependsOn?: string[]): Promise<OutboxRow> {
  clock += 10;
  vi.setSystemTime(clock);
  return enqueue({
    kind: 'dcu-pairing',
    payload: pairing(serial),
    summary: `Pair DCU 358000000000001 with M5-111 ${serial}`,
    ownerUserId: owner.id,
    dependsOn,
  });
}

type Answer = SendAnswer | 'network' | ((req: SendRequest) => SendAnswer | Promise<SendAnswer>);

/** A fake gateway: answers in order (the last one repeats), and records every request. */
function fakeNetwork(...answers: Answer[]) {
  const requests: SendRequest[] = [];
  const send = async (req: SendRequest): Promise<SendAnswer> => {
    requests.push(req);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return typeof answer === 'function' ? answer(req) : answer;
  };
  return { send, requests };
}

/** A pairing's answer as the gateway sends it (contract/dcu.ts). */
const pairingResult = (pairingId: string) =>
  dcuPairingResultSchema.parse({
    pairingId,
    imeiNumber: '358000000000001',
    serialNumber: '41876',
    modelNumber: 'M5-111',
    pairedAt: '2026-11-23T12:00:00.000Z',
  });
const ok = (pairingId = 'p-1'): SendAnswer => ({ status: 201, body: pairingResult(pairingId) });
const now = () => Date.now();
const get = async (id: string) => (await db.outbox.get(id))!;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = 1_000_000;
  vi.setSystemTime(clock);
  await resetDb();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('replayer outcomes', () => {
  it('2xx: sends with the entry id as Idempotency-Key and marks it done with result and server id', async () => {
    await signInAs();
    const entry = await queue('41876');
    const net = fakeNetwork(ok('pair-9'));

    const summary = await replayOutbox(db, net.send, { now });

    expect(summary).toMatchObject({ done: 1, retry: 0, needsAttention: 0 });
    expect(net.requests).toEqual([
      {
        method: 'POST',
        path: '/api/v1/dcu/pairings',
        body: pairing('41876'),
        idempotencyKey: entry.id,
      },
    ]);
    const row = await get(entry.id);
    expect(row.status).toBe('done');
    expect(row.serverId).toBe('pair-9');
    expect(row.result).toEqual(pairingResult('pair-9'));
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeUndefined();
  });

  it('2xx with an answer that breaks the contract: stores nothing of it, needs attention', async () => {
    await signInAs();
    const entry = await queue('41876');
    const net = fakeNetwork({ status: 201, body: { pairingId: 42, note: '<poison>' } });

    const summary = await replayOutbox(db, net.send, { now });

    expect(summary).toMatchObject({ done: 0, needsAttention: 1 });
    const row = await get(entry.id);
    expect(row.status).toBe('needs-attention');
    expect(row.result).toBeUndefined();
    expect(row.serverId).toBeUndefined();
    expect(row.lastError).toEqual({
      status: 502,
      message: "The server's answer could not be read. Please try again later.",
    });
  });

  it('sends in createdAt order, one at a time', async () => {
    await signInAs();
    const a = await queue('41876');
    const b = await queue('41877');
    const c = await queue('41878');
    let inFlight = 0;
    let maxInFlight = 0;
    const net = fakeNetwork(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return ok();
    });
    await replayOutbox(db, net.send, { now });
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([a.id, b.id, c.id]);
    expect(maxInFlight).toBe(1);
  });

  it.each([
    ['a network error', 'network' as const, undefined],
    ['a 500', { status: 500, body: { message: 'Internal error' } }, 500],
    ['a 503', { status: 503, body: {} }, 503],
    ['a 408', { status: 408, body: { message: 'Request timeout' } }, 408],
    ['a 429', { status: 429, body: { message: 'Too many requests' } }, 429],
  ])('%s: retry with a growing back-off, nothing lost', async (_name, answer, status) => {
    await signInAs();
    const entry = await queue('41876');
    const net = fakeNetwork(answer);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await replayOutbox(db, net.send, { now, random: () => 0.5 });
      const row = await get(entry.id);
      expect(row.status).toBe('retry');
      expect(row.attempts).toBe(i + 1);
      expect(row.lastError?.status).toBe(status);
      waits.push(row.nextAttemptAt - Date.now());
      // Not due yet: a run now sends nothing.
      const before = net.requests.length;
      await replayOutbox(db, net.send, { now });
      expect(net.requests.length).toBe(before);
      vi.setSystemTime(row.nextAttemptAt);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(net.requests).toHaveLength(4);
  });

  it('a 429 with Retry-After: the next attempt waits exactly that long, not the back-off', async () => {
    await signInAs();
    const entry = await queue('41876');
    const net = fakeNetwork({ status: 429, body: { message: 'busy' }, retryAfterMs: 7_000 });
    const summary = await replayOutbox(db, net.send, { now, random: () => 0.5 });
    expect(summary.stoppedBy).toBe('rate-limit');
    const row = await get(entry.id);
    expect(row.status).toBe('retry');
    expect(row.nextAttemptAt - Date.now()).toBe(7_000);
  });

  it('a network error stops the run (the next entries would fail the same way)', async () => {
    await signInAs();
    await queue('41876');
    const second = await queue('41877');
    const net = fakeNetwork('network');
    const summary = await replayOutbox(db, net.send, { now });
    expect(summary.stoppedBy).toBe('network');
    expect(net.requests).toHaveLength(1);
    expect((await get(second.id)).status).toBe('pending');
  });

  it('back-off doubles from 2 s to at most 5 minutes, with jitter within ±20 %', () => {
    expect(backoffDelay(1, () => 0.5)).toBe(2_000);
    expect(backoffDelay(2, () => 0.5)).toBe(4_000);
    expect(backoffDelay(30, () => 0.5)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1, () => 0)).toBe(1_600);
    expect(backoffDelay(1, () => 1)).toBe(2_400);
    for (let n = 1; n < 8; n++) {
      expect(backoffDelay(n + 1, () => 0)).toBeGreaterThan(backoffDelay(n, () => 1));
    }
  });

  it('401: waits for sign-in without losing anything, and resumes when the same user is signed in again', async () => {
    await signInAs(dana, clock);
    const first = await queue('41876');
    const second = await queue('41877');
    const net = fakeNetwork({ status: 401, body: { message: 'Session expired' } });

    const summary = await replayOutbox(db, net.send, { now });
    expect(summary.stoppedBy).toBe('sign-in');
    expect(net.requests).toHaveLength(1);
    const waiting = await get(first.id);
    expect(waiting.status).toBe('waiting-for-sign-in');
    expect(waiting.lastError).toEqual({ status: 401, message: 'Session expired' });
    expect((await get(second.id)).status).toBe('pending');

    // Still no fresh session: another run does not resend the waiting entry.
    vi.setSystemTime(clock + 60_000);
    const again = fakeNetwork({ status: 401, body: {} });
    await replayOutbox(db, again.send, { now });
    expect(again.requests.map((r) => r.idempotencyKey)).toEqual([second.id]);

    // The gateway confirms the session again (storeSession stamps the profile): both go.
    vi.setSystemTime(clock + 120_000);
    await signInAs(dana, Date.now());
    const back = fakeNetwork(ok('p-1'), ok('p-2'));
    await replayOutbox(db, back.send, { now });
    expect(back.requests.map((r) => r.idempotencyKey)).toEqual([first.id, second.id]);
    expect((await get(first.id)).status).toBe('done');
    expect((await get(second.id)).status).toBe('done');
  });

  it('another 4xx: needs attention with the gateway message and errorCode, verbatim', async () => {
    await signInAs();
    const refused = await queue('41876');
    const next = await queue('41877');
    const message = 'DCU 358000000000001 is already paired with another machine.';
    const net = fakeNetwork(
      { status: 409, body: { error: 'Conflict', message, errorCode: 'already-paired' } },
      ok(),
    );

    const summary = await replayOutbox(db, net.send, { now });
    expect(summary).toMatchObject({ needsAttention: 1, done: 1 });
    const row = await get(refused.id);
    expect(row.status).toBe('needs-attention');
    expect(row.lastError).toEqual({ status: 409, message, errorCode: 'already-paired' });
    // A refusal does not block the entries after it.
    expect((await get(next.id)).status).toBe('done');
    // And it is never sent again by itself.
    const later = fakeNetwork(ok());
    await replayOutbox(db, later.send, { now });
    expect(later.requests).toHaveLength(0);
    expect(await outboxCounts(dana.id)).toEqual({ pending: 0, needsAttention: 1 });
  });

  it('a delete of a message the gateway no longer has (404) is done, while a 404 elsewhere is refused', async () => {
    await signInAs();
    const gone = await enqueue({
      kind: 'notification-delete',
      payload: { id: 'n-gone' },
      summary: 'Delete a message',
      ownerUserId: dana.id,
    });
    const pairingOf = await queue('41876');
    const notFound = { status: 404, body: { message: 'The message was not found' } };
    const net = fakeNetwork(notFound, { status: 404, body: { message: 'Machine not found' } });

    const summary = await replayOutbox(db, net.send, { now });
    expect(net.requests.map((r) => r.method)).toEqual(['DELETE', 'POST']);
    expect(summary).toMatchObject({ done: 1, needsAttention: 1 });
    expect((await get(gone.id)).status).toBe('done');
    expect((await get(gone.id)).lastError).toBeUndefined();
    expect((await get(pairingOf.id)).status).toBe('needs-attention');
    expect(await outboxCounts(dana.id)).toEqual({ pending: 0, needsAttention: 1 });
  });

  it('400 without a JSON message still needs attention with a readable message', async () => {
    await signInAs();
    const entry = await queue('41876');
    await replayOutbox(db, fakeNetwork({ status: 400, body: undefined }).send, { now });
    expect((await get(entry.id)).lastError).toEqual({
      status: 400,
      message: 'Request failed (400)',
    });
  });
});

describe('dependencies', () => {
  it('a dependant waits for its dependency, then gets the server id in place of the temporary id', async () => {
    await signInAs();
    const parent = await queue('41876');
    clock += 10;
    vi.setSystemTime(clock);
    // A field nested deeper than any pairing has: temporary ids are replaced at every depth.
    const payload = { ...pairing('41877'), pin: parent.id, nested: [{ ref: parent.id }] };
    const child = await enqueue({
      kind: 'dcu-pairing',
      payload,
      summary: 'child',
      ownerUserId: dana.id,
      dependsOn: [parent.id],
    });

    // The dependency fails first: the dependant is not sent.
    const down = fakeNetwork({ status: 503, body: {} });
    await replayOutbox(db, down.send, { now });
    expect(down.requests.map((r) => r.idempotencyKey)).toEqual([parent.id]);
    expect((await get(child.id)).status).toBe('pending');

    vi.setSystemTime((await get(parent.id)).nextAttemptAt);
    const up = fakeNetwork(ok('server-42'), ok('server-43'));
    await replayOutbox(db, up.send, { now });
    expect(up.requests.map((r) => r.idempotencyKey)).toEqual([parent.id, child.id]);
    expect(up.requests[1]!.body).toMatchObject({
      pin: 'server-42',
      nested: [{ ref: 'server-42' }],
    });
    // The stored payload keeps the temporary id (a resend resolves it again).
    expect((await get(child.id)).payload).toMatchObject({ pin: parent.id });
  });

  it('a dependant of a discarded change needs attention instead of waiting forever', async () => {
    await signInAs();
    const parent = await queue('41876');
    const child = await queue('41877', dana, [parent.id]);
    await db.outbox.update(parent.id, { status: 'needs-attention' });
    expect(await discardEntry(parent.id, dana.id)).toBe(true);
    const net = fakeNetwork(ok());
    await replayOutbox(db, net.send, { now });
    expect(net.requests).toHaveLength(0);
    const row = await get(child.id);
    expect(row.status).toBe('needs-attention');
    expect(row.lastError?.message).toBe(DEPENDENCY_DISCARDED_MESSAGE);
  });

  it('resolveTemporaryIds replaces exact matches only', () => {
    const ids = new Map([['tmp-1', 'srv-1']]);
    expect(resolveTemporaryIds({ a: 'tmp-1', b: 'tmp-10', c: ['tmp-1', 3, null] }, ids)).toEqual({
      a: 'srv-1',
      b: 'tmp-10',
      c: ['srv-1', 3, null],
    });
  });
});

describe('owners', () => {
  it("never sends another user's entries, and sends nothing when nobody is signed in", async () => {
    const mine = await queue('41876', dana);
    const theirs = await queue('41877', eli);
    const net = fakeNetwork(ok());

    await replayOutbox(db, net.send, { now });
    expect(net.requests).toHaveLength(0);

    await signInAs(dana);
    await replayOutbox(db, net.send, { now });
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([mine.id]);
    expect(await get(theirs.id)).toEqual(theirs);
    expect(await outboxCounts(dana.id)).toEqual({ pending: 0, needsAttention: 0 });
    expect(await outboxCounts(eli.id)).toEqual({ pending: 1, needsAttention: 0 });
  });

  it('a profile that does not match the session marker sends nothing', async () => {
    await signInAs(dana);
    await db.session.put({ key: 'current', userId: eli.id, expiresAt: Date.now() + 1000 });
    await queue('41876', dana);
    await queue('41877', eli);
    const net = fakeNetwork(ok());
    await replayOutbox(db, net.send, { now });
    expect(net.requests).toHaveLength(0);
  });

  it("the page actions leave another user's entry alone", async () => {
    const theirs = await queue('41877', eli);
    await db.outbox.update(theirs.id, { status: 'needs-attention' });
    expect(await retryEntry(theirs.id, dana.id)).toBe(false);
    expect(await editEntry(theirs.id, dana.id, pairing('99999'))).toBe(false);
    expect(await discardEntry(theirs.id, dana.id)).toBe(false);
    expect((await get(theirs.id)).status).toBe('needs-attention');
  });
});

describe('a sent write and its answer', () => {
  async function queuedClose() {
    await signInAs();
    await db.cases.put({ ownerUserId: dana.id, id: 'case-1', detail: caseDetail(), syncedAt: 1 });
    return enqueue({
      kind: 'case-close',
      payload: { caseId: 'case-1' },
      summary: 'Close case 00012345',
      ownerUserId: dana.id,
    });
  }
  const storedStatus = async () => (await db.cases.get([dana.id, 'case-1']))!.detail.status;

  it('are stored in one transaction: nothing reads the write sent and its answer missing', async () => {
    const entry = await queuedClose();
    const written = new Map<string, IDBTransaction>();
    const onOutbox = (_m: object, _k: unknown, _o: unknown, tx: Transaction) => {
      written.set('outbox', tx.idbtrans);
    };
    const onCases = (_m: object, _k: unknown, _o: unknown, tx: Transaction) => {
      written.set('cases', tx.idbtrans);
    };
    db.outbox.hook('updating', onOutbox);
    db.cases.hook('updating', onCases);
    try {
      await replayOutbox(db, fakeNetwork({ status: 200, body: closed() }).send, { now });
    } finally {
      db.outbox.hook('updating').unsubscribe(onOutbox);
      db.cases.hook('updating').unsubscribe(onCases);
    }
    expect((await get(entry.id)).status).toBe('done');
    expect(await storedStatus()).toBe('Resolved');
    expect(written.get('cases')).toBeDefined();
    expect(written.get('cases')).toBe(written.get('outbox'));
  });

  it('when the answer cannot be stored, the write still counts as sent and is not sent again', async () => {
    const entry = await queuedClose();
    const refuse = () => {
      throw new Error('the device refused the write');
    };
    db.cases.hook('updating', refuse);
    const net = fakeNetwork({ status: 200, body: closed() });
    try {
      await replayOutbox(db, net.send, { now });
    } finally {
      db.cases.hook('updating').unsubscribe(refuse);
    }
    expect((await get(entry.id)).status).toBe('done');
    expect(await storedStatus()).toBe('Awaiting Feedback');
    await replayOutbox(db, net.send, { now });
    expect(net.requests).toHaveLength(1);
  });
});

describe('recovery and user actions', () => {
  it("an entry left 'sending' by a crash is sent again on the next run (same key)", async () => {
    await signInAs();
    const entry = await queue('41876');
    await db.outbox.update(entry.id, { status: 'sending', attempts: 1 });
    const theirs = await queue('41877', eli);
    await db.outbox.update(theirs.id, { status: 'sending' });

    const net = fakeNetwork(ok());
    await replayOutbox(db, net.send, { now });
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([entry.id]);
    expect(await get(entry.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect((await get(theirs.id)).status).toBe('sending');
  });

  it('retry and edit put a needs-attention entry back to pending; the edit is what is sent', async () => {
    await signInAs();
    const entry = await queue('41876');
    await replayOutbox(db, fakeNetwork({ status: 422, body: { message: 'No' } }).send, { now });
    expect((await get(entry.id)).status).toBe('needs-attention');

    expect(await retryEntry(entry.id, dana.id)).toBe(true);
    expect((await get(entry.id)).status).toBe('pending');

    await replayOutbox(db, fakeNetwork({ status: 422, body: { message: 'No' } }).send, { now });
    const edited = { ...pairing('41876'), usageHours: '99' };
    expect(await editEntry(entry.id, dana.id, edited)).toBe(true);
    const row = await get(entry.id);
    expect(row).toMatchObject({ status: 'pending', payload: edited });
    expect(row.lastError).toBeUndefined();

    const net = fakeNetwork(ok());
    await replayOutbox(db, net.send, { now });
    expect(net.requests[0]!.body).toEqual(edited);
    expect((await get(entry.id)).status).toBe('done');
  });

  it('a discarded entry is never sent', async () => {
    await signInAs();
    const entry = await queue('41876');
    expect(await discardEntry(entry.id, dana.id)).toBe(true);
    const net = fakeNetwork(ok());
    await replayOutbox(db, net.send, { now });
    expect(net.requests).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sent entries are forgotten after a week unless something unsent depends on them', async () => {
    await signInAs();
    const old = await queue('41876');
    const needed = await queue('41877');
    await queue('41878', dana, [needed.id]);
    await db.outbox.update(old.id, { status: 'done' });
    await db.outbox.update(needed.id, { status: 'done', serverId: 's' });
    vi.setSystemTime(clock + 8 * 24 * 3_600_000);
    await signInAs();
    await replayOutbox(db, fakeNetwork({ status: 503, body: {} }).send, { now });
    expect(await db.outbox.get(old.id)).toBeUndefined();
    expect(await db.outbox.get(needed.id)).toBeDefined();
  });
});

describe('one run at a time', () => {
  it('concurrent runs in one context share the run and send each entry once', async () => {
    vi.useRealTimers();
    await signInAs();
    const a = await enqueue({
      kind: 'dcu-pairing',
      payload: pairing('41876'),
      summary: 'a',
      ownerUserId: dana.id,
    });
    let inFlight = 0;
    let maxInFlight = 0;
    const net = fakeNetwork(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return ok();
    });
    const first = runReplay(net.send, db);
    // Queued while the first run is sending: picked up by the same run or its second pass.
    const b = await enqueue({
      kind: 'dcu-pairing',
      payload: pairing('41877'),
      summary: 'b',
      ownerUserId: dana.id,
    });
    const second = runReplay(net.send, db);
    const third = runReplay(net.send, db);
    await Promise.all([first, second, third]);
    expect(net.requests.map((r) => r.idempotencyKey).sort()).toEqual([a.id, b.id].sort());
    expect(maxInFlight).toBe(1);
  });

  it('does nothing while another replayer (tab or service worker) holds the Web Lock', async () => {
    vi.useRealTimers();
    await signInAs();
    await enqueue({
      kind: 'dcu-pairing',
      payload: pairing('41876'),
      summary: 'a',
      ownerUserId: dana.id,
    });
    const held = new Set<string>();
    const locks = {
      request: vi.fn(
        async (
          name: string,
          _opts: { ifAvailable: boolean },
          fn: (lock: { name: string } | null) => Promise<unknown>,
        ) => {
          if (held.has(name)) return fn(null);
          held.add(name);
          try {
            return await fn({ name });
          } finally {
            held.delete(name);
          }
        },
      ),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const net = fakeNetwork(ok());
      held.add('torque-outbox');
      expect(await runReplay(net.send, db)).toBe('busy');
      expect(net.requests).toHaveLength(0);
      expect(locks.request).toHaveBeenCalledWith(
        'torque-outbox',
        { ifAvailable: true },
        expect.any(Function),
      );

      held.clear();
      expect(await runReplay(net.send, db)).toMatchObject({ done: 1 });
      expect(net.requests).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});

describe('the back-off timer', () => {
  it('wakes for the earliest entry in back-off, not for due entries waiting on a dependency', async () => {
    await signInAs();
    const parent = await queue('41876');
    await queue('41877', dana, [parent.id]);
    expect(await nextAttemptAt(db)).toBeNull();

    await replayOutbox(db, fakeNetwork({ status: 503, body: {} }).send, { now, random: () => 0.5 });
    const due = Date.now() + 2_000;
    expect(await nextAttemptAt(db)).toBe(due);
    // Another user's back-off does not wake this user's page.
    const theirs = await queue('41878', eli);
    await db.outbox.update(theirs.id, { status: 'retry', nextAttemptAt: Date.now() + 500 });
    expect(await nextAttemptAt(db)).toBe(due);
  });
});

describe('Sync now', () => {
  it("makes the user's entries in back-off due at once, and only theirs", async () => {
    await signInAs();
    const mine = await queue('41876');
    const theirs = await queue('41877', eli);
    await db.outbox.update(mine.id, { status: 'retry', nextAttemptAt: Date.now() + 60_000 });
    await db.outbox.update(theirs.id, { status: 'retry', nextAttemptAt: Date.now() + 60_000 });
    await makeDueNow(dana.id);
    const net = fakeNetwork(ok());
    await replayOutbox(db, net.send, { now });
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([mine.id]);
    expect((await get(theirs.id)).nextAttemptAt).toBe(Date.now() + 60_000);
  });

  it('sends again what an ended session stopped (the user asked), so it goes or asks anew', async () => {
    await signInAs(dana, 0);
    const stopped = await queue('41878');
    await db.outbox.update(stopped.id, {
      status: 'waiting-for-sign-in',
      lastError: { status: 401, message: 'Sign in again.' },
    });
    // Not due by itself: the session was not confirmed since.
    const idle = fakeNetwork(ok());
    await replayOutbox(db, idle.send, { now });
    expect(idle.requests).toEqual([]);

    await makeDueNow(dana.id);
    const net = fakeNetwork(ok());
    await replayOutbox(db, net.send, { now });
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([stopped.id]);
    expect((await get(stopped.id)).status).toBe('done');
  });
});
