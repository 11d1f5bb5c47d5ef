import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASE_NOT_FOUND_MESSAGE } from '../../contract/cases';
import { db } from '../../src/db/db';
import {
  CaseDetailScreen,
  CASE_NEEDS_CONNECTION,
} from '../../src/features/cases/case-detail-screen';
import { runReplay } from '../../src/sync/replay-run';
import type { FeedItem } from '../../contract/cases';
import {
  attachment,
  caseDetail,
  closed,
  feed,
  feedItem,
  json,
  layout,
  posted,
  uploaded,
} from './case-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

const user = makeUser();
// A screen, its lazy chunks and IndexedDB on a loaded two-core machine.
vi.setConfig({ testTimeout: 20_000 });
type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const calls: Array<{ url: URL; init: RequestInit }> = [];
let online = true;

const items = [
  feedItem('f1', 'The pump whines at 1,800 rpm.', [
    attachment('img1', 'image'),
    attachment('img2', 'image'),
    attachment('img3', 'image'),
    attachment('img4', 'image'),
    attachment('doc1', 'pdf'),
  ]),
  feedItem('f2', 'Please send a photo of the pump housing.'),
];

/** Opening a case marks it read: answered, so a case opened online queues no mark. */
const readMarked: Handler = (url) =>
  url.pathname.endsWith('/read')
    ? json(200, { id: 'case-1', readAt: new Date().toISOString() })
    : json(500, { message: 'unexpected' });

/** The gateway as the case screens see it; writes are answered by `writes`. */
function gateway(writes: Handler = readMarked): Handler {
  return (url, init) => {
    const p = url.pathname;
    if (init.method && init.method !== 'GET') return writes(url, init);
    if (p === '/api/v1/cases/case-1') return json(200, { case: caseDetail() });
    if (p === '/api/v1/cases/case-1/feed') return json(200, feed(items));
    if (p.startsWith('/api/v1/case-layouts/')) return json(200, layout());
    if (p.endsWith('/thumbnail')) return new Response(new Blob(['jpeg'], { type: 'image/jpeg' }));
    return json(404, { message: 'Not found' });
  };
}

beforeEach(async () => {
  await resetDb();
  await signInLocally(user, { sessionFor: 3_600_000 });
  calls.length = 0;
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  handler = gateway();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ url, init });
      if (!online) throw new TypeError('Failed to fetch');
      return handler(url, init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderCase = (id = 'case-1') =>
  renderScreen(
    <Routes>
      <Route path="/support/case/:id" element={<CaseDetailScreen />} />
      <Route path="/support/cases" element={<p>case list</p>} />
    </Routes>,
    `/support/case/${id}`,
  );

describe('case detail (product §2)', () => {
  it('shows a long feed whole: its first items at once, the rest after them, in order', async () => {
    const long = Array.from({ length: 40 }, (_, i) =>
      feedItem(`long-${i}`, `Update number ${i + 1} of the long thread.`),
    );
    handler = (url, init) =>
      url.pathname === '/api/v1/cases/case-1/feed' ? json(200, feed(long)) : gateway()(url, init);
    renderCase();
    await screen.findByText('Update number 1 of the long thread.');
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(40));
    const bodies = screen.getAllByTestId('feed-item').map((el) => el.textContent ?? '');
    expect(bodies[0]).toContain('Update number 1 of');
    expect(bodies[39]).toContain('Update number 40 of');
  });

  it('shows the header, the feed with a 3-column image grid and a download list, and Additional Details', async () => {
    renderCase();
    expect(await screen.findByText('Hydraulic pump whines under load')).toBeTruthy();
    expect(screen.getByText(/Case 00012345/)).toBeTruthy();
    expect(screen.getByText('Dana Tech, dana.tech@northfield.example')).toBeTruthy();
    expect(screen.getByText('52016, M7-172')).toBeTruthy();
    expect(screen.getByText('Walter Hanson')).toBeTruthy();
    expect(screen.getByText('Northfield, MN')).toBeTruthy();
    const feedEl = await screen.findByTestId('case-feed');
    expect(within(feedEl).getAllByTestId('feed-item')).toHaveLength(2);
    const grid = screen.getByTestId('image-grid');
    expect(grid.getAttribute('data-columns')).toBe('3');
    expect(within(grid).getAllByRole('button')).toHaveLength(4);
    const downloads = screen.getByTestId('download-list');
    expect(within(downloads).getByText('doc1.pdf').getAttribute('href')).toBe('/api/v1/files/doc1');
    expect(within(downloads).getByText('PDF · 2.3 MB')).toBeTruthy();
    // The accordion from the layout: read-only, N/A for empty fields.
    fireEvent.click(await screen.findByRole('button', { name: 'Additional Details' }));
    expect(await screen.findByText('Hilly')).toBeTruthy();
    expect(screen.getByText('N/A')).toBeTruthy();
    // Viewing makes it a recent case; its thumbnails are kept for offline.
    await waitFor(async () => expect(await db.caseImages.count()).toBe(4));
    expect(await db.recentCases.get([user.id, 'case-1'])).toMatchObject({
      referenceNumber: '00012345',
      status: 'Awaiting Feedback',
    });
  });

  it('a click enlarges an image; next and previous step through every image of the case', async () => {
    renderCase();
    fireEvent.click(await screen.findByRole('button', { name: 'Enlarge img2.jpg' }));
    expect(await screen.findByText('img2.jpg (2 of 4)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('img3.jpg (3 of 4)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('img1.jpg (1 of 4)')).toBeTruthy();
    const img = within(screen.getByTestId('image-viewer')).getByRole('img');
    fireEvent.wheel(screen.getByTestId('image-viewer'), { deltaY: -100 });
    await waitFor(() => expect(Number(img.getAttribute('data-zoom'))).toBeGreaterThan(1));
  });

  it('404: the not-found message with a Back button', async () => {
    renderCase('case-other-dealer');
    expect(await screen.findByText(CASE_NOT_FOUND_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('case list')).toBeTruthy();
  });

  it('400: the same message', async () => {
    handler = () => json(400, { message: 'Bad id' });
    renderCase('x');
    expect(await screen.findByText(CASE_NOT_FOUND_MESSAGE)).toBeTruthy();
  });

  it('offline, a case seen once opens from the device with Last updated; one never seen says so', async () => {
    const { unmount } = renderCase();
    await screen.findByTestId('case-feed');
    await waitFor(async () => expect(await db.caseLayouts.count()).toBe(1));
    unmount();
    online = false;
    const again = renderCase();
    expect(await screen.findByText('Hydraulic pump whines under load')).toBeTruthy();
    expect(screen.getByTestId('last-updated')).toBeTruthy();
    // The header shows first; the feed follows from the device.
    expect(await screen.findAllByTestId('feed-item')).toHaveLength(2);
    again.unmount();
    renderCase('case-never-seen');
    expect(await screen.findByText(CASE_NEEDS_CONNECTION)).toBeTruthy();
  });
});

describe('Post an update (product §2, §4)', () => {
  async function seenOnceThenOffline() {
    const { unmount } = renderCase();
    await screen.findByTestId('case-feed');
    // Opened online, its read mark is sent at once; gone offline before it, it would wait too.
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/read'))).toBe(true));
    unmount();
    online = false;
  }

  async function postUpdate(text: string, close: boolean) {
    renderCase();
    await screen.findByTestId('case-feed');
    fireEvent.change(screen.getByLabelText('Update'), { target: { value: text } });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const photo = new File(['jpegbytes'], 'pump.jpg', { type: 'image/jpeg' });
    const manual = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [photo, manual] } });
    await waitFor(() => expect(screen.getAllByTestId('upload-preview')).toHaveLength(2));
    if (close) fireEvent.click(screen.getByLabelText('Close this case'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    if (close) {
      const dialog = await screen.findByRole('dialog', { name: /^Close case .+\?$/ });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    }
  }

  it('offline: files, then the feed item naming them, then the close, queued as one unit and shown at once', async () => {
    await seenOnceThenOffline();
    await postUpdate('  Housing photo attached.  ', true);

    const queued = await screen.findByTestId('feed-item-queued');
    expect(within(queued).getByText('Waiting to send')).toBeTruthy();
    expect(within(queued).getByText('Housing photo attached.')).toBeTruthy();
    expect(screen.getByTestId('case-status').textContent).toBe('Resolved');

    const all = (await db.outbox.toArray()).sort((a, b) => a.createdAt - b.createdAt);
    // Opened offline: its read mark waits too, on its own.
    expect(all.filter((r) => r.kind === 'case-read').map((r) => r.dependsOn)).toEqual([[]]);
    const rows = all.filter((r) => r.kind !== 'case-read');
    expect(rows.map((r) => r.kind)).toEqual([
      'case-file',
      'case-file',
      'case-feed-item',
      'case-close',
    ]);
    const [f1, f2, item, close] = rows;
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
    expect(item!.dependsOn).toEqual([f1!.id, f2!.id]);
    expect(item!.payload).toMatchObject({
      body: 'Housing photo attached.',
      fileIds: [f1!.id, f2!.id],
    });
    expect(close!.dependsOn).toEqual([item!.id]);
    // The photo waits in IndexedDB as a Blob.
    const photo = [f1!, f2!].find((f) => (f.payload as { name: string }).name === 'pump.jpg')!;
    expect((photo.payload as { blob: Blob }).blob.size).toBe(9);
  });

  it('online again: sent in order with their own keys, the file ids filled in; the feed shows the sent item, status Resolved', async () => {
    const sent: Array<{ path: string; key: string | null; body: unknown }> = [];
    let fileNo = 0;
    // The gateway's reads show its writes: the case is read again once the update is sent.
    const sentItems: FeedItem[] = [];
    let isClosed = false;
    const writes = gateway((url, init) => {
      const headers = init.headers as Record<string, string>;
      sent.push({
        path: url.pathname,
        key: headers['Idempotency-Key'] ?? null,
        body: init.body instanceof FormData ? 'multipart' : JSON.parse(String(init.body)),
      });
      if (url.pathname.endsWith('/files')) {
        fileNo++;
        return json(201, uploaded(`srv-file-${fileNo}`, `file-${fileNo}`));
      }
      if (url.pathname.endsWith('/feed')) {
        const item = feedItem('srv-item', 'Housing photo attached.', [
          attachment('srv-file-1', 'image'),
        ]);
        sentItems.push(item);
        return json(201, posted(item));
      }
      if (url.pathname.endsWith('/close')) {
        isClosed = true;
        return json(200, closed());
      }
      if (url.pathname.endsWith('/read')) {
        return json(200, { id: 'case-1', readAt: new Date().toISOString() });
      }
      return json(404, {});
    });
    handler = (url, init) => {
      if (init.method && init.method !== 'GET') return writes(url, init);
      if (url.pathname === '/api/v1/cases/case-1/feed')
        return json(200, feed([...items, ...sentItems]));
      if (url.pathname === '/api/v1/cases/case-1') {
        const status = isClosed ? 'Resolved' : sentItems.length ? 'Updated' : 'Awaiting Feedback';
        return json(200, { case: caseDetail({ status, isClosed }) });
      }
      return writes(url, init);
    };
    await seenOnceThenOffline();
    await postUpdate('Housing photo attached.', true);
    await screen.findByTestId('feed-item-queued');
    online = true;
    await runReplay();

    // The read mark (opened offline, so queued) is not part of the update.
    expect(sent.some((s) => s.path.endsWith('/read'))).toBe(true);
    const update = sent.filter((s) => !s.path.endsWith('/read'));
    expect(update.map((s) => s.path)).toEqual([
      '/api/v1/cases/case-1/files',
      '/api/v1/cases/case-1/files',
      '/api/v1/cases/case-1/feed',
      '/api/v1/cases/case-1/close',
    ]);
    expect(new Set(update.map((s) => s.key)).size).toBe(4);
    expect(update[2]!.body).toEqual({
      body: 'Housing photo attached.',
      fileIds: ['srv-file-1', 'srv-file-2'],
    });
    await waitFor(() => expect(screen.queryByTestId('feed-item-queued')).toBeNull());
    expect(await screen.findAllByTestId('feed-item')).toHaveLength(3);
    // The close is stored after the feed item: the screen shows it once its read comes back.
    await waitFor(() => expect(screen.getByTestId('case-status').textContent).toBe('Resolved'));
    expect((await db.cases.get([user.id, 'case-1']))!.detail.status).toBe('Resolved');
    expect((await db.outbox.toArray()).every((r) => r.status === 'done')).toBe(true);
  });

  it('a read the gateway answered before the sent update does not undo it: the reopened case stays Updated', async () => {
    let status = 'Resolved';
    let release = () => {};
    let holdNextRead = false;
    let readsAfterUpdate = 0;
    handler = async (url, init) => {
      const p = url.pathname;
      if (p.endsWith('/read')) return readMarked(url, init);
      if (init.method === 'POST' && p.endsWith('/feed')) {
        status = 'Updated';
        return json(201, posted(feedItem('srv-item', 'The leak came back.')));
      }
      if (p === '/api/v1/cases/case-1') {
        const answer = json(200, { case: caseDetail({ status, isClosed: status === 'Resolved' }) });
        if (status === 'Updated') readsAfterUpdate++;
        if (!holdNextRead) return answer;
        // Answered before the update reached the gateway, delivered after it was stored.
        holdNextRead = false;
        await new Promise<void>((r) => (release = r));
        init.signal?.throwIfAborted();
        return answer;
      }
      return gateway()(url, init);
    };
    renderCase();
    await screen.findByTestId('case-feed');
    await waitFor(() => expect(screen.getByTestId('case-status').textContent).toBe('Resolved'));
    online = false;
    fireEvent(window, new Event('offline'));
    fireEvent.change(screen.getByLabelText('Update'), { target: { value: 'The leak came back.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('case-status').textContent).toBe('Updated'));

    holdNextRead = true;
    online = true;
    fireEvent(window, new Event('online'));
    await waitFor(() => expect(holdNextRead).toBe(false));
    await runReplay();
    // Sent: the screen reads the case again, and gives up the read still under way.
    await waitFor(() => expect(readsAfterUpdate).toBe(1));
    release();
    await waitFor(async () =>
      expect((await db.cases.get([user.id, 'case-1']))!.detail.status).toBe('Updated'),
    );
    await waitFor(() => expect(screen.getByTestId('case-status').textContent).toBe('Updated'));
    expect(readsAfterUpdate).toBe(1);
  });

  it('a refused upload lands in Needs attention with the gateway reason; the update says so', async () => {
    handler = gateway((url) =>
      url.pathname.endsWith('/files')
        ? json(413, { message: 'The file is larger than 25 MB' })
        : json(500, {}),
    );
    await postUpdate('Big photo', false);
    await waitFor(async () =>
      expect((await db.outbox.toArray()).some((r) => r.status === 'needs-attention')).toBe(true),
    );
    const refused = (await db.outbox.toArray()).find((r) => r.status === 'needs-attention')!;
    expect(refused.lastError).toMatchObject({
      status: 413,
      message: 'The file is larger than 25 MB',
    });
    const queued = await screen.findByTestId('feed-item-queued');
    expect(await within(queued).findByText('Needs attention')).toBeTruthy();
  });

  it('nothing to save: Save Changes stays disabled; text is trimmed', async () => {
    renderCase();
    await screen.findByTestId('case-feed');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Update'), { target: { value: '    ' } });
    expect(save.hasAttribute('disabled')).toBe(true);
  });
});
