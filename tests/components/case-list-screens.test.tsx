import './setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_CASE_HISTORY_MESSAGE } from '../../contract/cases';
import { db } from '../../src/db/db';
import { CaseHistoryScreen } from '../../src/features/cases/case-history-screen';
import { CaseListScreen } from '../../src/features/cases/case-list-screen';
import { json, listPage, listRow } from './case-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

vi.setConfig({ testTimeout: 20_000 });
const sam = makeUser({ id: 'u-sam', kind: 'internal', userType: 'Standard' });
type Handler = (url: URL) => Response | Promise<Response>;
let handler: Handler;
const calls: URL[] = [];
let online = true;

beforeEach(async () => {
  await resetDb();
  await signInLocally(sam);
  calls.length = 0;
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  handler = () => json(500, {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url);
      if (!online) throw new TypeError('Failed to fetch');
      return handler(url);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const rowsShown = () => screen.queryAllByTestId('case-row');

describe('dealer case list (product §2 View Cases)', () => {
  const cases = Array.from({ length: 120 }, (_, i) => listRow(i));

  function renderList() {
    return renderScreen(
      <Routes>
        <Route path="/support/cases" element={<CaseListScreen />} />
        <Route path="/support/case/:id" element={<p>case detail</p>} />
      </Routes>,
      '/support/cases',
    );
  }

  it('fetches every page, defaults to Updated, Created and Awaiting Feedback, and pages the rows', async () => {
    handler = (url) =>
      url.searchParams.get('after')
        ? json(200, listPage(cases.slice(100), null, 120))
        : json(200, listPage(cases.slice(0, 100), 'p2', 120));
    renderList();
    // 120 cases, 3 of every 5 statuses selected by default: 72, shown 50 to a page.
    expect(await screen.findByText('72 of 120 cases', {}, { timeout: 15_000 })).toBeTruthy();
    expect(rowsShown()).toHaveLength(50);
    expect(calls.map((c) => c.pathname)).toEqual(['/api/v1/cases', '/api/v1/cases']);
    for (const row of rowsShown()) {
      expect(['Created', 'Updated', 'Awaiting Feedback']).toContain(
        within(row).getByText(/Created|Updated|Awaiting Feedback|Resolved|Forced Closed/)
          .textContent,
      );
    }
    // A row opens its case.
    fireEvent.click(rowsShown()[0]!);
    expect(await screen.findByText('case detail')).toBeTruthy();
  });

  it('the next page starts at its top, not where the last page ended', async () => {
    handler = (url) =>
      url.searchParams.get('after')
        ? json(200, listPage(cases.slice(100), null, 120))
        : json(200, listPage(cases.slice(0, 100), 'p2', 120));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderList();
    expect(await screen.findByText('72 of 120 cases', {}, { timeout: 15_000 })).toBeTruthy();
    const first = rowsShown()[0]!.textContent;
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(rowsShown()[0]!.textContent).not.toBe(first));
    expect(rowsShown()).toHaveLength(22);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    scrollTo.mockRestore();
  });

  it('offline from the device: the Model or Serial search is fuzzy and keeps the status selection', async () => {
    await keepThreeCases();
    online = false;
    renderList();
    expect(await screen.findByText('2 of 3 cases')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Model or Serial'), { target: { value: 'M7172' } });
    await waitFor(() => expect(screen.getByText('1 of 3 cases')).toBeTruthy());
    expect(screen.getByText('Case subject 2')).toBeTruthy();
    expect(screen.getByTestId('last-updated')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Model or Serial'), {
      target: { value: 'nothing like it' },
    });
    expect(await screen.findByText(NO_CASE_HISTORY_MESSAGE)).toBeTruthy();
  });
});

/** Sam's dealer list as the device keeps it: three cases of two machines, one Resolved. */
async function keepThreeCases(): Promise<void> {
  await db.caseLists.put({
    ownerUserId: sam.id,
    key: 'dealer',
    cases: [
      listRow(1, { modelNumber: 'M7-172', serialNumber: '52016', status: 'Resolved' }),
      listRow(2, { modelNumber: 'M7-172', serialNumber: '52016', status: 'Created' }),
      listRow(3, { modelNumber: 'L3560', serialNumber: '70531', status: 'Updated' }),
    ],
    total: 3,
    complete: true,
    syncedAt: Date.now(),
  });
}

describe('dealer case list in the address', () => {
  let search = '';
  let navigate: NavigateFunction;
  function Probe() {
    search = useLocation().search;
    navigate = useNavigate();
    return null;
  }

  beforeEach(async () => {
    await keepThreeCases();
    online = false;
  });

  const renderAt = (path: string) =>
    renderScreen(
      <>
        <Routes>
          <Route path="/support/cases" element={<CaseListScreen />} />
          <Route path="/support/case/:id" element={<p>case detail</p>} />
        </Routes>
        <Probe />
      </>,
      path,
    );
  const box = () => screen.getByLabelText<HTMLInputElement>('Model or Serial');
  const chips = () =>
    [...document.querySelectorAll('.mantine-Pill-label')].map((el) => el.textContent);

  it('opens with the statuses and text of the address, ignoring what is not a status', async () => {
    renderAt('/support/cases?status=Resolved&status=Bogus&q=M7172');
    expect(await screen.findByText('1 of 3 cases')).toBeTruthy();
    expect(screen.getByText('Case subject 1')).toBeTruthy();
    expect(box().value).toBe('M7172');
    expect(chips()).toEqual(['Resolved']);
  });

  it('follows the box key by key, back at page 1, and Back from a case shows it again', async () => {
    renderAt('/support/cases?page=2');
    expect(await screen.findByText('2 of 3 cases')).toBeTruthy();
    expect(chips()).toEqual(['Updated', 'Created', 'Awaiting Feedback']);
    for (const typed of ['5', '52', '520', '5201']) {
      fireEvent.change(box(), { target: { value: typed } });
      expect(box().value).toBe(typed);
    }
    await waitFor(() => expect(search).toBe('?q=5201'));
    expect(await screen.findByText('1 of 3 cases')).toBeTruthy();
    fireEvent.click(rowsShown()[0]!);
    expect(await screen.findByText('case detail')).toBeTruthy();
    act(() => void navigate(-1));
    expect(await screen.findByText('1 of 3 cases')).toBeTruthy();
    expect(box().value).toBe('5201');
    expect(screen.getByText('Case subject 2')).toBeTruthy();
  });

  it('a link to the plain list while on a searched one shows the default list again', async () => {
    renderAt('/support/cases?status=All&q=M7172');
    expect(await screen.findByText('2 of 3 cases')).toBeTruthy();
    act(() => void navigate('/support/cases'));
    expect(await screen.findByText('2 of 3 cases')).toBeTruthy();
    expect(box().value).toBe('');
    expect(chips()).toEqual(['Updated', 'Created', 'Awaiting Feedback']);
  });
});

describe('online with a kept list', () => {
  it('shows the kept rows before asking the gateway, then the gateway’s rows', async () => {
    await db.caseLists.put({
      ownerUserId: sam.id,
      key: 'dealer',
      cases: [listRow(1, { status: 'Created', subject: 'Kept case' })],
      total: 1,
      complete: true,
      syncedAt: Date.now() - 60_000,
    });
    // What was on screen when the list was asked for.
    const shownWhenAsked: string[] = [];
    handler = () => {
      shownWhenAsked.push(...rowsShown().map((r) => r.textContent ?? ''));
      return json(200, listPage([listRow(2, { status: 'Created', subject: 'Fresh case' })]));
    };
    renderScreen(
      <Routes>
        <Route path="/support/cases" element={<CaseListScreen />} />
      </Routes>,
      '/support/cases',
    );
    expect(await screen.findByText('Fresh case', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.map((c) => c.pathname)).toEqual(['/api/v1/cases']);
    expect(shownWhenAsked.join()).toContain('Kept case');
    expect(screen.queryByText('Kept case')).toBeNull();
  });
});

describe('Case History of an organisation (product §2)', () => {
  function renderHistory(orgId = 'acct-northfield') {
    return renderScreen(
      <Routes>
        <Route path="/support/dealer/cases/:orgId" element={<CaseHistoryScreen />} />
      </Routes>,
      `/support/dealer/cases/${orgId}`,
    );
  }

  it('lists the organisation’s cases with a Recent Cases panel', async () => {
    await db.recentCases.put({
      ownerUserId: sam.id,
      id: 'case-9',
      subject: 'Seen before',
      referenceNumber: '00012009',
      status: 'Updated',
      viewedAt: Date.now(),
    });
    handler = (url) =>
      url.pathname === '/api/v1/organisations/acct-northfield/cases'
        ? json(200, listPage([listRow(1), listRow(2)]))
        : json(404, {});
    renderHistory();
    expect(await screen.findByText('Case subject 1')).toBeTruthy();
    expect(screen.getByText('00012002')).toBeTruthy();
    const recent = screen.getByRole('complementary', { name: 'Recent Cases' });
    expect(within(recent).getByText('Seen before')).toBeTruthy();
  });

  it('No Case History to Display', async () => {
    handler = () => json(200, listPage([]));
    renderHistory();
    expect((await screen.findAllByText(NO_CASE_HISTORY_MESSAGE)).length).toBeGreaterThan(0);
  });
});

describe('offline: last activity on this device', () => {
  it('a case updated here rises to the top of the kept list; the rest keep the gateway’s order', async () => {
    online = false;
    const kept = [
      listRow(1, { status: 'Created', subject: 'Newest', lastActivityAt: '2026-11-05T10:00:00Z' }),
      listRow(2, { status: 'Created', subject: 'Middle', lastActivityAt: '2026-11-04T10:00:00Z' }),
      listRow(3, { status: 'Created', subject: 'Oldest', lastActivityAt: '2026-11-03T10:00:00Z' }),
    ];
    await db.caseLists.put({
      ownerUserId: sam.id,
      key: 'dealer',
      cases: kept,
      total: 3,
      complete: true,
      syncedAt: Date.now() - 60_000,
    });
    renderScreen(
      <Routes>
        <Route path="/support/cases" element={<CaseListScreen />} />
      </Routes>,
      '/support/cases',
    );
    const subjects = () => rowsShown().map((r) => r.textContent ?? '');
    await waitFor(() => expect(subjects()).toHaveLength(3));
    expect(subjects().map((t) => t.slice(0, 6))).toEqual(['Newest', 'Middle', 'Oldest']);
    // An update to the oldest case, waiting in the outbox.
    const now = Date.now();
    await db.outbox.put({
      id: 'entry-1',
      ownerUserId: sam.id,
      kind: 'case-feed-item',
      payload: { caseId: 'case-3', body: 'Checked again', fileIds: [] },
      summary: 'Update',
      status: 'pending',
      attempts: 0,
      dependsOn: [],
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: 0,
    });
    await waitFor(() =>
      expect(subjects().map((t) => t.slice(0, 6))).toEqual(['Oldest', 'Newest', 'Middle']),
    );
    expect(calls).toEqual([]);
  });
});
