import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_CREATION_ERROR_MESSAGE, CONTACT_EMAIL_MESSAGE } from '../../contract/case-create';
import { db } from '../../src/db/db';
import { OfflineSyncScreen } from '../../src/features/settings/offline-sync-screen';
import { queueNewCase } from '../../src/sync/case-create';
import { postCaseUpdate } from '../../src/sync/case-update';
import { runReplay } from '../../src/sync/replay-run';
import { createdContact, createdReport, feedItem, json, posted, uploaded } from './case-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

/*
 * A case update the gateway refuses lands in Needs attention with the gateway's reason, like the
 * DCU commit (product §4): its text can be edited and sent again, a refused photo retried. The
 * replayer and the page are real; the gateway is stubbed at fetch.
 */
vi.setConfig({ testTimeout: 20_000 });
const user = makeUser();
const REASON = 'Body: at most 32000 characters.';
type Handler = (url: URL, init: RequestInit) => Response;
let handler: Handler;
const sent: Array<{ path: string; body: unknown }> = [];

beforeEach(async () => {
  await resetDb();
  await signInLocally(user, { sessionFor: 3_600_000 });
  sent.length = 0;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  handler = () => json(500, {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if (init.method && init.method !== 'GET') {
        sent.push({
          path: url.pathname,
          body: init.body instanceof FormData ? 'multipart' : JSON.parse(String(init.body)),
        });
      }
      return handler(url, init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const entries = async () => (await db.outbox.toArray()).sort((a, b) => a.createdAt - b.createdAt);

describe('a refused case update on the Offline & sync page', () => {
  it("shows the gateway's reason and the text; Edit sends the corrected text", async () => {
    handler = (url) =>
      url.pathname.endsWith('/feed') ? json(422, { message: REASON }) : json(404, {});
    await postCaseUpdate({
      caseId: 'case-1',
      caseNumber: '00012345',
      text: 'A very long report',
      files: [],
      close: false,
    });
    await runReplay();
    await waitFor(async () => expect((await entries())[0]?.status).toBe('needs-attention'));

    renderScreen(<OfflineSyncScreen />, '/settings/offline');
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    const card = await within(attention).findByTestId('outbox-entry');
    expect(card.textContent).toContain('Post an update to case 00012345');
    expect(card.textContent).toContain('A very long report');
    expect(within(card).getByTestId('outbox-error').textContent).toBe(REASON);

    handler = (url) =>
      url.pathname.endsWith('/feed')
        ? json(201, posted(feedItem('srv-item', 'Short report')))
        : json(404, {});
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit update' });
    const text = within(dialog).getByLabelText('Update');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // A feed item without photos needs text.
    fireEvent.change(text, { target: { value: '   ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(text, { target: { value: '  Short report  ' } });
    fireEvent.click(save);

    await waitFor(async () => expect((await entries())[0]?.status).toBe('done'), {
      timeout: 10_000,
    });
    expect(sent.at(-1)).toEqual({
      path: '/api/v1/cases/case-1/feed',
      body: { body: 'Short report', fileIds: [] },
    });
    await waitFor(() => expect(within(attention).queryByTestId('outbox-entry')).toBeNull());
  });

  it('a refused photo is retried with Retry; then the feed item naming it follows', async () => {
    let refuse = true;
    handler = (url) => {
      if (url.pathname.endsWith('/files')) {
        return refuse
          ? json(415, { message: 'This file type is not accepted.' })
          : json(201, uploaded('srv-file-1', 'pump.jpg'));
      }
      if (url.pathname.endsWith('/feed')) return json(201, posted(feedItem('srv-item', 'Pump')));
      return json(404, {});
    };
    await postCaseUpdate({
      caseId: 'case-1',
      caseNumber: '00012345',
      text: 'Pump',
      files: [
        { name: 'pump.jpg', type: 'image/jpeg', blob: new Blob(['jpeg'], { type: 'image/jpeg' }) },
      ],
      close: false,
    });
    await runReplay();
    await waitFor(async () =>
      expect((await entries()).map((e) => e.status)).toEqual(['needs-attention', 'pending']),
    );

    renderScreen(<OfflineSyncScreen />, '/settings/offline');
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    const card = await within(attention).findByTestId('outbox-entry');
    expect(card.textContent).toContain('Upload pump.jpg to case 00012345');
    expect(within(card).getByTestId('outbox-error').textContent).toBe(
      'This file type is not accepted.',
    );
    // A photo is not edited, only retried or discarded.
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    refuse = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(
      async () => expect((await entries()).map((e) => e.status)).toEqual(['done', 'done']),
      { timeout: 10_000 },
    );
    expect(sent.at(-1)).toEqual({
      path: '/api/v1/cases/case-1/feed',
      body: { body: 'Pump', fileIds: ['srv-file-1'] },
    });
  });

  it("a refused new contact is fixed with Edit, under the wizard's rules; then the case behind it is sent", async () => {
    let contactRefused = true;
    handler = (url) => {
      if (url.pathname === '/api/v1/contacts') {
        return contactRefused
          ? json(400, { message: CONTACT_CREATION_ERROR_MESSAGE })
          : json(201, createdContact());
      }
      if (url.pathname === '/api/v1/cases') {
        return json(201, createdReport());
      }
      return json(404, {});
    };
    await queueNewCase({
      kind: 'Report',
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
        email: 'ann@dealer',
      },
      files: [],
      message: '',
    });
    await runReplay();
    await waitFor(async () =>
      expect((await entries()).map((e) => e.status)).toEqual(['needs-attention', 'pending']),
    );

    renderScreen(<OfflineSyncScreen />, '/settings/offline');
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    const card = await within(attention).findByTestId('outbox-entry');
    expect(card.textContent).toContain('Create contact Ann Lee');
    expect(within(card).getByTestId('outbox-error').textContent).toBe(
      CONTACT_CREATION_ERROR_MESSAGE,
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    const email = within(dialog).getByLabelText(/^Email/);
    expect((email as HTMLInputElement).value).toBe('ann@dealer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Still not a valid address: the wizard's message, and nothing is sent.
    expect(await within(dialog).findByText(CONTACT_EMAIL_MESSAGE)).toBeTruthy();
    contactRefused = false;
    fireEvent.change(email, { target: { value: ' ann@dealer.example ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(
      async () => expect((await entries()).map((e) => e.status)).toEqual(['done', 'done']),
      { timeout: 10_000 },
    );
    const contactSends = sent.filter((c) => c.path === '/api/v1/contacts');
    expect(contactSends).toHaveLength(2);
    expect(contactSends[1]!.body).toMatchObject({ email: 'ann@dealer.example', firstName: 'Ann' });
    // The case names the contact the gateway made.
    expect(sent.find((c) => c.path === '/api/v1/cases')?.body).toMatchObject({
      fields: { ContactId: 'con-9' },
    });
  });
});
