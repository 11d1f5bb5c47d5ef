import 'fake-indexeddb/auto';
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { KnowledgeSearchScreen } from '../../src/features/knowledge/knowledge-search-screen';
import {
  article,
  json,
  knowledgeConfig,
  searchResponse,
  searchResult,
  setOnline,
} from './knowledge-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  return renderScreen(
    <Routes>
      <Route
        path="/knowledge"
        element={
          <>
            <KnowledgeSearchScreen />
            <Where />
          </>
        }
      />
    </Routes>,
    path,
  );
}

const user = makeUser();
let fetchMock: ReturnType<typeof vi.fn>;
const asked = () =>
  fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://x').searchParams.toString());

beforeEach(async () => {
  await resetDb();
  await signInLocally(user);
  await db.config.put({ key: 'remote', config: knowledgeConfig, syncedAt: Date.now() });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setOnline(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

describe('knowledge search (product §2)', () => {
  it('shows the tabs of the remote config, results with marked excerpts, the total line and pages', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
      return json(200, searchResponse(23, page));
    });
    renderAt('/knowledge?s=hydraulic&c=manuals');
    const tabs = await screen.findByRole('tablist', { name: 'Categories' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'Knowledge Articles', 'Manuals', 'Bulletins']);
    expect(within(tabs).getByRole('tab', { name: 'Manuals' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findAllByTestId('knowledge-result')).toHaveLength(10);
    expect(screen.getByTestId('knowledge-total').textContent).toBe('Total Results Answers - 23');
    expect(asked()).toEqual(['q=hydraulic&c=manuals&page=1']);

    const first = screen.getAllByTestId('knowledge-result')[0]!;
    expect(
      within(first).getByRole('link', { name: 'Hydraulic pump note 0' }).getAttribute('href'),
    ).toBe('/knowledge/answer?uniqueID=KA-1000&title=Hydraulic%20pump%20note%200');
    expect(first.querySelector('mark')?.textContent).toBe('hydraulic');
    expect(within(first).getByTestId('knowledge-category').textContent).toBe('Pump Seals');

    // jsdom has no scrolling: the spy stands for the window a new page must scroll to its top.
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(screen.getAllByTestId('knowledge-result')).toHaveLength(3));
    expect(screen.getByTestId('where').textContent).toBe('/knowledge?s=hydraulic&c=manuals&page=3');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollTo.mockRestore();
    expect(asked().at(-1)).toBe('q=hydraulic&c=manuals&page=3');

    // Stored per user, tab, term and page.
    const row = await db.knowledgeResults.get([user.id, 'search|manuals|hydraulic|3']);
    expect(row?.kind).toBe('search');
    expect((await db.syncState.get([user.id, 'knowledge']))?.detail).toBe('Search "hydraulic"');
  });

  it('never parses an excerpt as HTML', async () => {
    fetchMock.mockResolvedValue(
      json(
        200,
        searchResponse(1, 1, [
          searchResult(0, { excerpt: '<img src=x onerror="alert(1)"> pump', highlights: [[0, 4]] }),
        ]),
      ),
    );
    renderAt('/knowledge?s=pump&c=all');
    const card = await screen.findByTestId('knowledge-result');
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByTestId('knowledge-excerpt').textContent).toBe(
      '<img src=x onerror="alert(1)"> pump',
    );
  });

  it('an empty term clears the results and asks nothing; the field says it is required', async () => {
    fetchMock.mockResolvedValue(json(200, searchResponse(3)));
    renderAt('/knowledge?s=pump&c=all');
    expect(await screen.findAllByTestId('knowledge-result')).toHaveLength(3);
    const field = screen.getByRole('searchbox', { name: /Search knowledge/ });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryAllByTestId('knowledge-result')).toHaveLength(0));
    expect(screen.queryByTestId('knowledge-total')).toBeNull();
    expect(screen.getByText('Please enter a search term.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/knowledge?c=all');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('warns when nothing matched', async () => {
    fetchMock.mockResolvedValue(json(200, searchResponse(0)));
    renderAt('/knowledge?s=zzz&c=all');
    expect((await screen.findByRole('alert')).textContent).toBe('No Search Results to Display');
    expect(screen.getByTestId('knowledge-total').textContent).toBe('Total Results Answers - 0');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('Recent Searches: empty state, then the searches newest first without duplicates; a click searches again', async () => {
    fetchMock.mockImplementation(async () => json(200, searchResponse(2)));
    renderAt('/knowledge');
    expect(await screen.findByText('No Search History')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    const field = screen.getByRole('searchbox', { name: /Search knowledge/ });
    for (const term of ['Pump', 'valve', 'PUMP']) {
      fireEvent.change(field, { target: { value: term } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(screen.getByTestId('where').textContent).toBe(`/knowledge?s=${term}&c=all`),
      );
      await waitFor(() => expect(asked()).toContain(`q=${term}&c=all&page=1`));
    }
    const panel = await screen.findByTestId('recent-searches');
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['PUMPAll', 'valveAll']),
    );
    expect(await db.recentSearches.count()).toBe(2);

    fireEvent.click(within(panel).getByRole('button', { name: /valve/ }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/knowledge?s=valve&c=all'),
    );
    expect(
      (screen.getByRole('searchbox', { name: /Search knowledge/ }) as HTMLInputElement).value,
    ).toBe('valve');
    // Searching again moves it to the top.
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['valveAll', 'PUMPAll']),
    );
  });

  it('offline: searches the offline copies through the index and says so', async () => {
    setOnline(false);
    await db.articles.bulkPut([
      {
        ownerUserId: user.id,
        uniqueId: 'KA-1',
        article: article({ uniqueId: 'KA-1', title: 'Hydraulic pump priming', text: 'Prime it.' }),
        syncedAt: Date.now(),
        viewedAt: Date.now(),
        savedAt: Date.now(),
      },
      {
        ownerUserId: user.id,
        uniqueId: 'KA-2',
        article: article({
          uniqueId: 'KA-2',
          title: 'Cab filter',
          text: 'Mind the hydraulic hoses.',
        }),
        syncedAt: Date.now(),
        viewedAt: Date.now() - 1,
      },
      {
        ownerUserId: 'someone-else',
        uniqueId: 'KA-3',
        article: article({ uniqueId: 'KA-3', title: 'Hydraulic secrets', text: '' }),
        syncedAt: Date.now(),
        viewedAt: Date.now(),
      },
    ]);
    renderAt('/knowledge?s=hydrolic&c=all');
    expect((await screen.findByTestId('offline-search-note')).textContent).toBe(
      'Searching offline copies: 2 documents on this device',
    );
    const links = screen
      .getAllByTestId('knowledge-result')
      .map((r) => within(r).getByRole('link').textContent);
    expect(links).toEqual(['Hydraulic pump priming', 'Cab filter']);
    expect(screen.getByTestId('knowledge-total').textContent).toBe('Total Results Answers - 2');
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(async () => expect(await db.recentSearches.count()).toBe(1));
  });

  it('offline: the index also covers manuals and bulletins the machine screens kept', async () => {
    setOnline(false);
    await db.knowledgeResults.bulkPut([
      {
        ownerUserId: user.id,
        key: 'manuals|M7',
        kind: 'manuals',
        syncedAt: Date.now(),
        response: {
          sections: [
            {
              section: 'Workshop Manuals',
              results: [searchResult(1, { uniqueId: 'MAN-1', title: 'M7 workshop manual' })],
            },
          ],
        },
      },
      {
        ownerUserId: user.id,
        key: 'bulletins|Seal campaign',
        kind: 'bulletins',
        syncedAt: Date.now(),
        response: { results: [searchResult(2, { uniqueId: 'SB-2', title: 'Seal bulletin M7' })] },
      },
    ]);
    renderAt('/knowledge?s=m7&c=all');
    expect((await screen.findByTestId('offline-search-note')).textContent).toBe(
      'Searching offline copies: 2 documents on this device',
    );
    expect(
      screen
        .getAllByTestId('knowledge-result')
        .map((r) => within(r).getByRole('link').textContent)
        .sort(),
    ).toEqual(['M7 workshop manual', 'Seal bulletin M7']);
  });

  it('offline: the search keeps to the tab, counts what it searched, and a page past the end shows the last', async () => {
    setOnline(false);
    const results = [
      ...Array.from({ length: 12 }, (_, i) =>
        searchResult(i, {
          uniqueId: `MAN-${i}`,
          title: `Tractor manual part ${i}`,
          raw: { ...searchResult(i).raw, documenttype: 'Manual' },
        }),
      ),
      searchResult(50, { uniqueId: 'KA-50', title: 'Tractor hydraulic pump article' }),
      searchResult(51, {
        uniqueId: 'SB-51',
        title: 'Tractor pump seal bulletin',
        raw: { ...searchResult(51).raw, documenttype: 'Service Bulletin' },
      }),
    ];
    await db.knowledgeResults.put({
      ownerUserId: user.id,
      key: 'search|all|tractor|1',
      kind: 'search',
      response: { ...searchResponse(0), results },
      syncedAt: Date.now(),
    });
    renderAt('/knowledge?s=tractor manual&c=manuals&page=3');
    expect((await screen.findByTestId('offline-search-note')).textContent).toBe(
      'Searching offline copies: 12 documents on this device',
    );
    expect(screen.getByTestId('knowledge-total').textContent).toBe('Total Results Answers - 12');
    const titles = screen
      .getAllByTestId('knowledge-result')
      .map((r) => within(r).getByRole('link').textContent);
    expect(titles).toHaveLength(2);
    for (const t of titles) expect(t).toMatch(/^Tractor manual part/);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
  });

  it('online but the gateway unreachable: falls back to the offline index', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await db.articles.put({
      ownerUserId: user.id,
      uniqueId: 'KA-1',
      article: article({ uniqueId: 'KA-1', title: 'Hydraulic pump priming', text: 'Prime it.' }),
      syncedAt: Date.now(),
      viewedAt: Date.now(),
    });
    renderAt('/knowledge?s=hydr&c=all');
    expect((await screen.findByTestId('offline-search-note')).textContent).toBe(
      'Searching offline copies: 1 document on this device',
    );
    expect(screen.getAllByTestId('knowledge-result')).toHaveLength(1);
  });

  it('offline with this very page stored: shows it as it was, with Last updated', async () => {
    setOnline(false);
    await db.knowledgeResults.put({
      ownerUserId: user.id,
      key: 'search|all|pump|1',
      kind: 'search',
      response: searchResponse(4),
      syncedAt: Date.now() - 120_000,
    });
    renderAt('/knowledge?s=Pump&c=all');
    expect(await screen.findAllByTestId('knowledge-result')).toHaveLength(4);
    expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 2 minutes ago');
    expect(screen.queryByTestId('offline-search-note')).toBeNull();
  });

  it('Save this page for offline: every article of the page and its attachments, with progress', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v1/knowledge/search')) return json(200, searchResponse(3));
      if (url.startsWith('/api/v1/files/')) return new Response('bytes');
      const id = decodeURIComponent(url.split('/').pop()!);
      return json(200, article({ uniqueId: id, title: `Article ${id}` }));
    });
    renderAt('/knowledge?s=pump&c=all');
    expect(await screen.findAllByTestId('knowledge-result')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Save this page for offline' }));
    expect(await screen.findByText('Saved 3 articles for offline.')).toBeTruthy();
    const saved = await db.articles.toArray();
    expect(saved.map((a) => a.uniqueId).sort()).toEqual(['KA-1000', 'KA-1001', 'KA-1002']);
    expect(saved.every((a) => a.savedAt)).toBe(true);
    expect(await db.files.count()).toBe(1); // the three share attachment f-1: stored once
    expect(
      (await db.knowledgeResults.get([user.id, 'search|all|pump|1']))?.savedAt,
    ).toBeGreaterThan(0);
  });

  it('Save this page for offline says plainly that it needs a connection', async () => {
    fetchMock.mockResolvedValue(json(200, searchResponse(2)));
    renderAt('/knowledge?s=pump&c=all');
    expect(await screen.findAllByTestId('knowledge-result')).toHaveLength(2);
    await waitFor(async () => expect(await db.knowledgeResults.count()).toBe(1));
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save this page for offline' }));
    expect(await screen.findByText(/^Saving for offline needs a connection\./)).toBeTruthy();
    expect(screen.getByTestId('last-updated')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
