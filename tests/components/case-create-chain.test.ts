import 'fake-indexeddb/auto';
import './node-blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_CREATION_ERROR_MESSAGE } from '../../contract/case-create';
import { db } from '../../src/db/db';
import { NoMachineError, queueNewCase } from '../../src/sync/case-create';
import { runReplay } from '../../src/sync/replay-run';
import { createdContact, createdReport, feedItem, posted, uploaded } from './case-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * A new case as one outbox chain (product §4 Wizard, Offline-first): contact, case, files,
 * first feed item, in order, each with its own Idempotency-Key and the server ids filled in.
 */

const dana = makeUser({ id: 'u-dana' });

const signIn = () => signInLocally(dana, { sessionFor: 3_600_000 });

const contactAnswer = createdContact('ann@dealer.com');
const caseAnswer = createdReport();

interface Call {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

/** The gateway at the network edge: answers built from the contract, every call recorded. */
function gateway(contactStatus = 201) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        method: init.method ?? 'GET',
        path,
        key: headers['Idempotency-Key'] ?? null,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      });
      if (path === '/api/v1/contacts') {
        return contactStatus === 201
          ? json(201, contactAnswer)
          : json(contactStatus, { message: CONTACT_CREATION_ERROR_MESSAGE });
      }
      if (path === '/api/v1/cases') return json(201, caseAnswer);
      if (path.endsWith('/files')) return json(201, uploaded('file-1', 'a.jpg'));
      return json(201, posted(feedItem('feed-1', 'It stalls')));
    }),
  );
  return calls;
}

const input = {
  kind: 'Report' as const,
  fields: {
    RecordTypeId: 'rt-report',
    Subject: 'Stalls',
    AccountId: 'acc-1',
    Serial_Number__c: '52016',
    Model_Number__c: 'M7-172',
  },
  newContact: {
    accountId: 'acc-1',
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '5551234567',
    email: 'ann@dealer.com',
  },
  files: [{ name: 'a.jpg', type: 'image/jpeg', blob: new Blob(['jpeg']) }],
  message: '  It stalls  ',
};

describe('queueNewCase', () => {
  beforeEach(async () => {
    await resetDb();
    await signIn();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await resetDb();
  });

  it('sends contact, case, files and feed item once each, with server ids in place', async () => {
    await db.caseDrafts.put({
      ownerUserId: dana.id,
      id: 'd-1',
      flow: 'report',
      serial: '12345',
      model: 'M7',
      pin: '',
      subject: 'Stalls',
      state: {},
      updatedAt: 1,
    });
    const calls = gateway();
    const queued = await queueNewCase({ ...input, draftId: 'd-1' });
    expect(await db.caseDrafts.count()).toBe(0);
    expect(queued.caseEntry.dependsOn).toEqual([queued.contact!.id]);

    await vi.waitFor(async () =>
      expect((await db.outbox.toArray()).every((r) => r.status === 'done')).toBe(true),
    );
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/contacts',
      'POST /api/v1/cases',
      'POST /api/v1/cases/case-77/files',
      'POST /api/v1/cases/case-77/feed',
    ]);
    expect(calls[1]!.body).toEqual({
      fields: {
        RecordTypeId: 'rt-report',
        Subject: 'Stalls',
        AccountId: 'acc-1',
        Serial_Number__c: '52016',
        Model_Number__c: 'M7-172',
        ContactId: 'con-9',
      },
    });
    expect(calls[3]!.body).toEqual({ body: 'It stalls', fileIds: ['file-1'] });
    expect(new Set(calls.map((r) => r.key)).size).toBe(4);
    expect(calls.every((c) => c.key)).toBe(true);

    // A second run sends nothing again.
    await runReplay();
    expect(calls).toHaveLength(4);
  });

  it('queues nothing for no machine, and keeps the draft it came from', async () => {
    await db.caseDrafts.put({
      ownerUserId: dana.id,
      id: 'case||',
      flow: 'case',
      serial: '',
      model: '',
      pin: '',
      subject: 'Stalls',
      state: {},
      updatedAt: 1,
    });
    const calls = gateway();
    for (const machine of [
      { Serial_Number__c: '', Model_Number__c: '' },
      { Serial_Number__c: '52016', Model_Number__c: '' },
      { Serial_Number__c: '', Model_Number__c: 'M7-172' },
    ]) {
      await expect(
        queueNewCase({
          ...input,
          kind: 'Case',
          fields: { ...input.fields, ...machine },
          draftId: 'case||',
        }),
      ).rejects.toThrow(NoMachineError);
    }
    expect(await db.outbox.count()).toBe(0);
    expect(await db.caseDrafts.count()).toBe(1);
    expect(calls).toEqual([]);
  });

  it('parks the chain when the contact is refused, and nothing after it is sent', async () => {
    const calls = gateway(400);
    await queueNewCase(input);
    await vi.waitFor(async () =>
      expect((await db.outbox.toArray()).some((r) => r.status === 'needs-attention')).toBe(true),
    );
    // Another run still sends nothing that waits on the parked contact.
    await runReplay();
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/contacts']);
    const rows = await db.outbox.toArray();
    const contact = rows.find((r) => r.kind === 'contact-create')!;
    expect(contact.status).toBe('needs-attention');
    expect(contact.lastError?.message).toBe('We were unable to create your contact.');
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(3);
  });

  it('queues a case without contact, files or message as one write', async () => {
    gateway();
    const queued = await queueNewCase({ ...input, newContact: null, files: [], message: ' ' });
    expect(queued.contact).toBeNull();
    expect(queued.feedItem).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });
});
