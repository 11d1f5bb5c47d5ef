import './setup-dom';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushPayloadSchema, type Notification } from '../../contract/notifications';
import {
  MAX_TOASTS,
  PushMessages,
  TOAST_MS,
  TOAST_STORAGE_KEY,
} from '../../src/features/notifications/push-messages';
import { unreadCasesResponseSchema } from '../../contract/case-reads';
import { db } from '../../src/db/db';
import { listenToWorkerMessages } from '../../src/sync/worker-messages';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

const worker = new EventTarget();
beforeEach(async () => {
  await resetDb();
  sessionStorage.clear();
  await signInLocally(makeUser());
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const message = (n: number): Notification =>
  pushPayloadSchema.parse({
    id: `m${n}`,
    type: 'Knowledge',
    title: `Bulletin ${n}`,
    body: 'Front axle',
    createdAt: new Date().toISOString(),
    delivered: true,
    read: false,
    knowledgeCategory: 'Manuals',
    searchTerm: 'axle',
  });
const push = (m: Notification) =>
  act(() => {
    worker.dispatchEvent(
      new MessageEvent('message', { data: { type: 'push-message', message: m } }),
    );
  });

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

describe('In-app message toasts', () => {
  it('shows at most 3, hides each after 15 s, lets the next in and keeps the messages for the session', async () => {
    renderScreen(<PushMessages />, '/home');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (let i = 1; i <= 4; i++) push(message(i));
    expect(screen.getAllByTestId('push-toast')).toHaveLength(MAX_TOASTS);
    expect(screen.queryByText('Bulletin 4')).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    expect(screen.getAllByTestId('push-toast')).toHaveLength(3);
    act(() => vi.advanceTimersByTime(200));
    // All three hid; the waiting one took a place.
    expect(screen.getByText('Bulletin 4')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(screen.queryAllByTestId('push-toast')).toHaveLength(0);
    const kept = JSON.parse(sessionStorage.getItem(TOAST_STORAGE_KEY) ?? '[]') as Notification[];
    expect(kept.map((m) => m.id)).toEqual(['m4', 'm3', 'm2', 'm1']);
  });

  it('opens what a toast is about on click, and follows a notification click from the worker', async () => {
    renderScreen(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <PushMessages />
              <Where />
            </>
          }
        />
      </Routes>,
      '/home',
    );
    push(message(7));
    fireEvent.click(screen.getByText('Bulletin 7'));
    expect(screen.getByTestId('where').textContent).toBe('/knowledge?s=axle&c=manuals');
    expect(screen.queryAllByTestId('push-toast')).toHaveLength(0);
    act(() => {
      worker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'open-path', path: '/support/case/500A' } }),
      );
    });
    expect(screen.getByTestId('where').textContent).toBe('/support/case/500A');
  });

  it('shows a push that reached the page before the toasts were on screen', async () => {
    // As at start: the page listens before it renders; the push comes while it loads.
    listenToWorkerMessages();
    push(message(9));
    expect(screen.queryAllByTestId('push-toast')).toHaveLength(0);
    renderScreen(<PushMessages />, '/home');
    expect((await screen.findByTestId('push-toast')).textContent).toContain('Bulletin 9');
  });

  it('a reply on a case asks for the unread cases again, so markers follow without a reload', async () => {
    const unread = unreadCasesResponseSchema.parse({
      count: 1,
      cases: [{ id: '500A', latestReplyAt: new Date().toISOString() }],
    });
    const fetchStub = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('/api/v1/cases/unread')
        ? new Response(JSON.stringify(unread), { headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const user = makeUser();
    renderScreen(<PushMessages />, '/home');
    push(message(3));
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('/cases/unread'))).toBe(false);
    push({ ...message(4), type: 'Case', recordId: '500A', title: 'Case 00011420 answered' });
    await vi.waitFor(async () =>
      expect((await db.unreadCases.get(user.id))?.cases.map((c) => c.id)).toEqual(['500A']),
    );
  });
});
