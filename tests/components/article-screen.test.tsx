import 'fake-indexeddb/auto';
import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { ArticleScreen } from '../../src/features/knowledge/article-screen';
import { article, json, setOnline } from './knowledge-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

const pdf = vi.hoisted(() => ({ saved: [] as string[], texts: [] as string[], pages: 1 }));
vi.mock('jspdf', () => ({
  jsPDF: class {
    setFont() {}
    setFontSize() {}
    splitTextToSize(t: string) {
      return t.split('. ');
    }
    text(line: string) {
      pdf.texts.push(line);
    }
    addPage() {
      pdf.pages++;
    }
    save(name: string) {
      pdf.saved.push(name);
    }
  },
}));

function renderAt(path: string) {
  return renderScreen(
    <Routes>
      <Route path="/knowledge/answer" element={<ArticleScreen />} />
      <Route path="/knowledge" element={<p>Search page</p>} />
    </Routes>,
    path,
  );
}

const user = makeUser();
let fetchMock: ReturnType<typeof vi.fn>;
const HOSTILE =
  '<p>Safe text</p><script>window.__pwned = 1</script>' +
  '<img src="x" onerror="window.__pwned = 2"><a href="javascript:alert(1)">bad link</a>';

beforeEach(async () => {
  await resetDb();
  await signInLocally(user);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setOnline(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

describe('article view (product §2)', () => {
  it('renders the article HTML sanitised again on the client: no script or handler reaches the DOM', async () => {
    fetchMock.mockResolvedValue(json(200, article({ html: HOSTILE })));
    renderAt('/knowledge/answer?uniqueID=KA-PASSWORD-RESET&title=Resetting');
    expect(await screen.findByRole('heading', { name: 'Resetting your password' })).toBeTruthy();
    const body = screen.getByTestId('article-body');
    expect(within(body).getByText('Safe text')).toBeTruthy();
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(body.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
    expect(body.innerHTML).not.toContain('__pwned');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/knowledge/articles/KA-PASSWORD-RESET',
    );

    // Stored for offline reading, marked viewed; the Offline & sync page sees the area.
    const row = await db.articles.get([user.id, 'KA-PASSWORD-RESET']);
    expect(row?.viewedAt).toBeGreaterThan(0);
    expect(row?.savedAt).toBeUndefined();
    expect((await db.syncState.get([user.id, 'knowledge']))?.detail).toBe(
      'Article "Resetting your password"',
    );
  });

  it('Attachments panel: the download link goes to the gateway; a link from the route is kept only if same-origin', async () => {
    fetchMock.mockResolvedValue(json(200, article()));
    renderAt(
      '/knowledge/answer?uniqueID=KA-PASSWORD-RESET&title=T&attachmentTitle=Evil&attachmentURL=javascript:alert(1)&attachmentType=pdf',
    );
    const panel = await screen.findByRole('complementary', { name: 'Attachments' });
    const links = await within(panel).findAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('aria-label')).toBe('Download Reset guide');
    expect(links[0]!.getAttribute('href')).toBe('/api/v1/files/f-1');
    expect(links[0]!.getAttribute('download')).toBe('Reset guide.pdf');
  });

  it('offline: opens the stored copy with Last updated, and its saved attachment from the device', async () => {
    setOnline(false);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:local-f-1',
        revokeObjectURL: () => undefined,
      }),
    );
    await db.articles.put({
      ownerUserId: user.id,
      uniqueId: 'KA-PASSWORD-RESET',
      article: article(),
      syncedAt: Date.now() - 60_000,
      viewedAt: Date.now() - 60_000,
      savedAt: Date.now() - 60_000,
    });
    await db.files.put({
      ownerUserId: user.id,
      id: 'f-1',
      title: 'Reset guide',
      contentType: 'application/pdf',
      blob: new Blob(['%PDF-1.4']),
      savedAt: Date.now(),
    });
    renderAt('/knowledge/answer?uniqueID=KA-PASSWORD-RESET&title=Resetting');
    expect(await screen.findByRole('heading', { name: 'Resetting your password' })).toBeTruthy();
    expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 1 minute ago');
    const link = await screen.findByRole('link', { name: 'Download Reset guide' });
    await waitFor(() => expect(link.getAttribute('href')).toBe('blob:local-f-1'));
    expect(link.getAttribute('data-source')).toBe('device');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offline and never opened: says it needs a connection, with a way back', async () => {
    setOnline(false);
    renderAt('/knowledge/answer?uniqueID=KA-INSTALL-GUIDES&title=Installation%20Guides');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This article is not saved on this device, and opening it the first time needs a connection.',
    );
    expect(screen.getByRole('link', { name: 'Back to Knowledge search' })).toBeTruthy();
  });

  it('404: a clear "Article not found" state with a way back', async () => {
    fetchMock.mockResolvedValue(
      json(404, { error: 'Not Found', message: 'No such article', errorCode: 'article-not-found' }),
    );
    renderAt('/knowledge/answer?uniqueID=KA-NOPE&title=Gone');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Article not found. It may have been removed or renamed.',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Back to Knowledge search' }));
    expect(await screen.findByText('Search page')).toBeTruthy();
  });

  it('Save for offline stores the article and its attachment bytes, and says so', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/v1/files/')
        ? new Response('%PDF-1.4 bytes', { headers: { 'content-type': 'application/pdf' } })
        : json(200, article()),
    );
    renderAt('/knowledge/answer?uniqueID=KA-PASSWORD-RESET&title=Resetting');
    fireEvent.click(await screen.findByRole('button', { name: 'Save for offline' }));
    expect((await screen.findByText('Saved for offline.')).getAttribute('role')).toBe('status');
    const file = await db.files.get([user.id, 'f-1']);
    expect(file?.contentType).toBe('application/pdf');
    expect(await file?.blob.text()).toBe('%PDF-1.4 bytes');
    expect((await db.articles.get([user.id, 'KA-PASSWORD-RESET']))?.savedAt).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Save again for offline' })).toBeTruthy();
  });

  it('Save for offline while offline says it needs a connection', async () => {
    setOnline(false);
    await db.articles.put({
      ownerUserId: user.id,
      uniqueId: 'KA-PASSWORD-RESET',
      article: article(),
      syncedAt: Date.now(),
      viewedAt: Date.now(),
    });
    renderAt('/knowledge/answer?uniqueID=KA-PASSWORD-RESET&title=Resetting');
    fireEvent.click(await screen.findByRole('button', { name: 'Save for offline' }));
    expect(await screen.findByText(/^Saving for offline needs a connection\./)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Download PDF writes the title and text and names the file after the title cut to 20', async () => {
    fetchMock.mockResolvedValue(json(200, article()));
    renderAt('/knowledge/answer?uniqueID=KA-PASSWORD-RESET&title=Resetting');
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(pdf.saved).toEqual(['Resetting your passw.pdf']));
    expect(pdf.texts[0]).toBe('Resetting your password');
    expect(pdf.texts).toContain('Open Settings and choose Reset.');
  });

  it('opening an article online keeps its small attachments on the device, not the large ones', async () => {
    const big = {
      id: 'f-big',
      title: 'Full workshop manual',
      fileType: 'pdf',
      contentType: 'application/pdf',
      size: 40 * 1024 * 1024,
      url: '/api/v1/files/f-big',
    };
    const small = article().attachments[0]!;
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url.startsWith('/api/v1/files/')
          ? new Response('%PDF-1.4 small', { headers: { 'content-type': 'application/pdf' } })
          : json(200, article({ attachments: [small, big] })),
      ),
    );
    renderAt('/knowledge/answer?uniqueID=KA-PASSWORD-RESET');
    await screen.findByRole('heading', { name: 'Resetting your password' });
    await waitFor(async () => expect(await db.files.get([user.id, 'f-1'])).toBeDefined());
    const stored = await db.files.get([user.id, 'f-1']);
    expect(await stored!.blob.text()).toBe('%PDF-1.4 small');
    expect(await db.files.get([user.id, 'f-big'])).toBeUndefined();
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls).toContain('/api/v1/files/f-1');
    expect(urls).not.toContain('/api/v1/files/f-big');
    // Kept, not saved: the article is not marked saved for offline by opening it.
    expect((await db.articles.get([user.id, 'KA-PASSWORD-RESET']))?.savedAt).toBeUndefined();
  });
});
