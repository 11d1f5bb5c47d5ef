import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEALER_CONTACTS_ERROR,
  INCOMPLETE_FILTERS_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  NO_RECIPIENTS_MESSAGE,
  dealerContactsSchema,
  notificationListSchema,
  notificationSchema,
  sendRequestSchema,
  sendResponseSchema,
  broadcastListSchema,
  type DealerContacts,
  type Notification,
} from '../../contract/notifications';
import { db } from '../../src/db/db';
import { DealerContactsScreen } from '../../src/features/notifications/dealer-contacts-screen';
import { MessagesScreen } from '../../src/features/notifications/messages-screen';
import { NotificationDashboard } from '../../src/features/notifications/notification-dashboard';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const calls: { method: string; url: URL; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  await resetDb();
  calls.length = 0;
  handler = () => json(500, { statusCode: 500, error: 'x', message: 'down' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return handler(url, init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

const HOUR = 3_600_000;
const message = (over: Partial<Notification>): Notification =>
  notificationSchema.parse({
    id: 'n1',
    type: 'Knowledge',
    title: 'New bulletin',
    body: 'Front axle',
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    delivered: true,
    read: false,
    knowledgeCategory: 'Bulletins',
    searchTerm: 'front axle',
    ...over,
  });

describe('Messages', () => {
  it("says 'No Messages to Display' when the list is empty", async () => {
    await signInLocally(makeUser());
    handler = () => json(200, notificationListSchema.parse({ notifications: [] }));
    renderScreen(<MessagesScreen />, '/messages');
    expect(await screen.findByText('No Messages to Display')).toBeTruthy();
  });

  it('lists newest first with type, unread marked, and a click opens the knowledge search', async () => {
    await signInLocally(makeUser());
    const list = [
      message({ id: 'new', title: 'Newest', read: false }),
      message({
        id: 'old',
        type: 'Machine',
        title: 'Older',
        read: true,
        createdAt: new Date(Date.now() - 5 * HOUR).toISOString(),
        knowledgeCategory: undefined,
        searchTerm: undefined,
        modelNumber: 'M7-172',
        serialNumber: '12345',
      }),
    ];
    handler = (url) =>
      url.pathname === '/api/v1/notifications'
        ? json(200, notificationListSchema.parse({ notifications: list }))
        : json(200, { id: 'new', ok: true });
    renderScreen(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <MessagesScreen />
              <Where />
            </>
          }
        />
      </Routes>,
      '/messages',
    );
    const buttons = await screen.findAllByRole('button', { name: /^Open message/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Open message Newest',
      'Open message Older',
    ]);
    expect(within(buttons[0]!).getByText('Unread')).toBeTruthy();
    expect(within(buttons[1]!).queryByText('Unread')).toBeNull();
    expect(within(buttons[1]!).getByText('Machine Detail')).toBeTruthy();
    fireEvent.click(buttons[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/knowledge?s=front+axle&c=bulletins'),
    );
    await waitFor(async () => expect((await db.notifications.get('new'))?.read).toBe(true));
    expect(
      calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/notifications/new/read'),
    ).toBe(true);
  });

  it('hides at once and queues the delete in the outbox when offline once Undo is past', async () => {
    await signInLocally(makeUser());
    await db.notifications.put({
      id: 'n1',
      ownerUserId: 'u-dana',
      type: 'Knowledge',
      title: 'Bulletin',
      body: 'b',
      receivedAt: Date.now(),
    });
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    renderScreen(<MessagesScreen />, '/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete message Bulletin' }));
    expect(await screen.findByText('No Messages to Display')).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const queued = await db.outbox.toArray();
    expect(queued[0]).toMatchObject({ kind: 'notification-delete', payload: { id: 'n1' } });
  });
});

/** Required fields carry an asterisk after the label. */
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);
async function pick(label: string, option: string) {
  fireEvent.click(screen.getByLabelText(labelled(label), { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(labelled(label), { selector: 'input,textarea' }), {
    target: { value },
  });

describe('Notification dashboard', () => {
  it('is not allowed for a user who is not an administrator', async () => {
    await signInLocally(makeUser());
    renderScreen(<NotificationDashboard />, '/support/notifdashboard');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Send' })).toBeNull();
  });

  it('validates, counts, resets on edit, refuses zero, asks Are you sure? and sends', async () => {
    await signInLocally(makeUser({ isAdmin: true, kind: 'internal' }));
    let count = 3;
    handler = async (url, init) => {
      const body = sendRequestSchema.parse(JSON.parse(String(init.body)));
      return json(
        200,
        sendResponseSchema.parse({
          valid: true,
          count,
          success: body.execute,
          ...(body.execute && { broadcastId: 'b1' }),
        }),
      );
    };
    renderScreen(<NotificationDashboard />, '/support/notifdashboard');
    const validate = await screen.findByRole('button', { name: 'Validate' });
    fireEvent.click(validate);
    expect(await screen.findByText(MISSING_FIELDS_MESSAGE)).toBeTruthy();
    expect(calls).toHaveLength(0);

    await pick('Type', 'Knowledge');
    type('Title', 'New bulletin');
    type('Body', 'Front axle');
    await pick('Facet', 'Bulletins');
    type('Search Text', 'front axle');
    fireEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText(INCOMPLETE_FILTERS_MESSAGE)).toBeTruthy();

    await pick('Filter 1 field', 'Account Number');
    await pick('Filter 1 operator', 'Is any');
    type('Filter 1 value', ' d10417, d 20388');
    // The field picked is not offered again.
    fireEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    fireEvent.click(screen.getByLabelText('Filter 2 field', { selector: 'input' }));
    expect(screen.queryByRole('option', { name: 'Account Number' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter 2' }));

    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const send = await screen.findByRole('button', { name: 'Send Notification' });
    expect(calls.at(-1)!.body).toMatchObject({
      execute: false,
      conditionals: [{ field: 'AccountNumber', operator: 'Is any', value: 'D10417,D20388' }],
      message: { type: 'Knowledge', knowledgeCategory: 'Bulletins', searchTerm: 'front axle' },
    });
    // Any edit turns it back to Validate.
    type('Title', 'New bulletin!');
    expect(screen.queryByRole('button', { name: 'Send Notification' })).toBeNull();
    count = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText(NO_RECIPIENTS_MESSAGE)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Send Notification' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    count = 3;
    type('Body', 'Front axle, again');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Notification sent to 3 people!')).toBeTruthy();
    expect(calls.at(-1)!.body).toMatchObject({ execute: true });
    expect(send).toBeTruthy();
  });

  it('keeps the pre-filled operator when it is tapped again, shows field labels and sends the names', async () => {
    await signInLocally(makeUser({ isAdmin: true, kind: 'internal' }));
    handler = async (url, init) => {
      const body = sendRequestSchema.parse(JSON.parse(String(init.body)));
      return json(200, sendResponseSchema.parse({ valid: true, count: 1, success: body.execute }));
    };
    renderScreen(<NotificationDashboard />, '/support/notifdashboard');
    await screen.findByRole('button', { name: 'Validate' });
    await pick('Type', 'Knowledge');
    // Tapping the chosen type again keeps it.
    await pick('Type', 'Knowledge');
    type('Title', 'New bulletin');
    type('Body', 'Front axle');
    await pick('Facet', 'Bulletins');
    type('Search Text', 'front axle');
    fireEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    fireEvent.click(screen.getByLabelText('Filter 1 field', { selector: 'input' }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Platform', 'Division', 'Account Number', 'Contract Series']);
    fireEvent.click(screen.getByRole('option', { name: 'Division' }));
    const operator = screen.getByLabelText('Filter 1 operator', {
      selector: 'input',
    }) as HTMLInputElement;
    expect(operator.value).toBe('Equals');
    // The user taps the pre-filled Equals: it stays.
    await pick('Filter 1 operator', 'Equals');
    expect(operator.value).toBe('Equals');
    type('Filter 1 value', 'AG');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('1 person will receive this notification.')).toBeTruthy();
    expect(screen.queryByText(INCOMPLETE_FILTERS_MESSAGE)).toBeNull();
    expect(calls.at(-1)!.body).toMatchObject({
      conditionals: [{ field: 'Division__c', operator: 'Equals', value: 'AG' }],
      message: { type: 'Knowledge' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('This notification goes to 1 person.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Notification sent to 1 person!')).toBeTruthy();
  });

  it('shows a refusal of the gateway as a warning', async () => {
    await signInLocally(makeUser({ isAdmin: true, kind: 'internal' }));
    handler = () =>
      json(403, { statusCode: 403, error: 'Forbidden', message: 'Administrators only' });
    renderScreen(<NotificationDashboard />, '/support/notifdashboard');
    await screen.findByRole('button', { name: 'Validate' });
    await pick('Type', 'Machine Detail');
    type('Title', 'Recall');
    type('Body', 'Check');
    type('Model Number', 'M7-172');
    type('Serial Number', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Administrators only')).toBeTruthy();
  });

  it('lists History with Title, Subject, Recipients and a relative Timestamp', async () => {
    await signInLocally(makeUser({ isAdmin: true, kind: 'internal' }));
    const now = Math.floor(Date.now() / 1000);
    handler = () =>
      json(
        200,
        broadcastListSchema.parse({
          notifications: [
            {
              id: 'b1',
              title: 'Recall',
              body: 'Check hoses',
              count: 12,
              timestamp: now - 3 * 86_400,
              sent: 10,
              failed: 1,
              pending: 1,
            },
          ],
        }),
      );
    renderScreen(<NotificationDashboard />, '/support/notifdashboard');
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Check hoses')).toBeTruthy();
    for (const h of ['Title', 'Subject', 'Recipients', 'Timestamp']) {
      expect(screen.getByRole('columnheader', { name: h })).toBeTruthy();
    }
    expect(screen.getByText('approximately 3 days ago')).toBeTruthy();
    expect(screen.getByText('sent 10, failed 1, pending 1')).toBeTruthy();
  });
});

const contacts: DealerContacts = dealerContactsSchema.parse({
  dealer: { id: 'a-1', name: 'Northfield Equipment' },
  sections: [
    {
      title: 'Service',
      fields: [
        { key: 'name', label: 'Name', kind: 'text' },
        { key: 'email', label: 'Email', kind: 'email' },
        { key: 'phone', label: 'Phone', kind: 'phone' },
      ],
    },
  ],
  contacts: [
    {
      id: 'c1',
      name: 'Dana Whitfield',
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana@n.example',
      phone: '(507) 555-0162',
      type: 'Dealer Contact',
      division: 'AG',
    },
  ],
});

describe('Dealer Contacts', () => {
  it('shows the configured sections with mailto and tel links, and keeps them for offline', async () => {
    await signInLocally(makeUser());
    handler = () => json(200, contacts);
    renderScreen(<DealerContactsScreen />, '/support/DealerContacts');
    expect(await screen.findByText('Service')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'dana@n.example' }).getAttribute('href')).toBe(
      'mailto:dana@n.example',
    );
    expect(screen.getByRole('link', { name: '(507) 555-0162' }).getAttribute('href')).toBe(
      'tel:5075550162',
    );
    // Each value carries its column's name, which a phone's card shows beside it.
    expect(
      screen.getAllByTestId('dealer-contact-field').map((td) => td.getAttribute('data-label')),
    ).toEqual(['Name', 'Email', 'Phone']);
    expect(await db.dealerContacts.count()).toBe(1);
  });

  it('opens offline from what was stored, and shows the error when nothing was', async () => {
    await signInLocally(makeUser());
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    const first = renderScreen(<DealerContactsScreen />, '/support/DealerContacts');
    expect(await screen.findByText(DEALER_CONTACTS_ERROR)).toBeTruthy();
    first.unmount();
    await db.dealerContacts.put({
      ownerUserId: 'u-dana',
      dealerId: '',
      contacts,
      syncedAt: Date.now(),
    });
    renderScreen(<DealerContactsScreen />, '/support/DealerContacts');
    expect(await screen.findByText('Dana Whitfield')).toBeTruthy();
    expect(screen.queryByText(DEALER_CONTACTS_ERROR)).toBeNull();
  });
});
