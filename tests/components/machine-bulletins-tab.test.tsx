import 'fake-indexeddb/auto';
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { bulletinsKey } from '../../src/sync/machine-documents';
import { bulletin, campaigns } from './machine-document-fixtures';
import { machineDetail } from './machine-fixtures';
import {
  documentsGateway,
  fetchCount,
  openMachine,
  setOnline,
  storeMachine,
} from './machine-documents-harness';
import { makeUser, resetDb, signInLocally } from './render';

const HOSE = 'FPC-2025-014 Hydraulic hose';
const FILTER = 'SB-2024-221 Cab filter';
const BULLETINS = '/api/v1/knowledge/bulletins';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await resetDb();
  fetchMock = vi.fn(
    documentsGateway({
      machine: machineDetail({ campaigns }),
      bulletins: {
        [HOSE]: [bulletin('KB-1', HOSE, 'Replace the hydraulic hose')],
        [FILTER]: [],
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  setOnline(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

const campaignItem = (name: string) =>
  screen.getAllByTestId('campaign').find((el) => el.textContent?.includes(name))!;
const control = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('machine detail tabs', () => {
  it('come in product.md order with Bulletins first and selected', async () => {
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail({ campaigns }));
    openMachine();
    await screen.findByTestId('machine-header');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Bulletins',
      'Warranty',
      'Manuals',
      'Claims',
      'Cases',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('campaign')).toHaveLength(2);
  });
});

describe('bulletins tab', () => {
  it('shows mandatory campaigns orange and the others green, with words and end dates', async () => {
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail({ campaigns }));
    openMachine();
    await screen.findByTestId('machine-header');

    const hose = campaignItem(HOSE);
    const mandatory = within(hose).getByText('Mandatory');
    expect(mandatory.closest('[data-color]')!.getAttribute('data-color')).toBe('orange');
    expect(mandatory.closest('[data-color]')!.getAttribute('style')).toContain('orange');
    expect(within(hose).getByText('Field Product Campaign · ends 3/31/2027')).toBeTruthy();

    const filter = campaignItem(FILTER);
    const optional = within(filter).getByText('Optional');
    expect(optional.closest('[data-color]')!.getAttribute('style')).toContain('green');
    expect(within(filter).getByText('Service Bulletin')).toBeTruthy();
    // Nothing is loaded before a campaign is opened.
    expect(fetchCount(fetchMock, BULLETINS)).toBe(0);
  });

  it('shows an expired mandatory campaign as ended, grey, not Mandatory in orange', async () => {
    const user = makeUser();
    await signInLocally(user);
    const ended = {
      campaignName: 'ROPS Mounting Bolt Inspection',
      campaignType: 'Field Product Campaign',
      campaignEndDate: '2020-03-31',
      isMandatory: true,
    };
    const machine = machineDetail({ campaigns: [ended] });
    fetchMock.mockImplementation(documentsGateway({ machine, bulletins: {} }));
    await storeMachine(user.id, machine);
    openMachine();
    await screen.findByText(ended.campaignName);
    const item = campaignItem(ended.campaignName);
    expect(within(item).queryByText('Mandatory')).toBeNull();
    const badge = within(item).getByText('Ended');
    expect(badge.closest('[data-color]')!.getAttribute('data-color')).toBe('gray');
    expect(within(item).getByText('Field Product Campaign · ended 3/31/2020')).toBeTruthy();
  });

  it('loads a campaign on its first click only; later clicks just toggle', async () => {
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail({ campaigns }));
    openMachine();
    await screen.findByTestId('machine-header');

    fireEvent.click(control(HOSE));
    const link = await within(campaignItem(HOSE)).findByRole('link', {
      name: 'Replace the hydraulic hose',
    });
    expect(link.getAttribute('href')).toBe(
      '/knowledge/answer?uniqueID=KB-1&title=Replace%20the%20hydraulic%20hose',
    );
    const download = within(campaignItem(HOSE)).getByRole('link', { name: 'Download PDF' });
    expect(download.getAttribute('href')).toBe('/api/v1/files/F-KB-1');
    expect(within(campaignItem(HOSE)).getByText('1.2 MB')).toBeTruthy();
    expect(
      within(campaignItem(HOSE)).getByText('Excerpt of Replace the hydraulic hose.'),
    ).toBeTruthy();
    expect(fetchCount(fetchMock, BULLETINS)).toBe(1);
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith(BULLETINS))![0])).toBe(
      // The machine goes with it: related bulletins about its model and family come first.
      `${BULLETINS}?campaign=FPC-2025-014+Hydraulic+hose&model=M7-172&family=Tractor`,
    );
    const row = await db.knowledgeResults.get([user.id, bulletinsKey(HOSE)]);
    expect(row?.kind).toBe('bulletins');

    fireEvent.click(control(HOSE));
    expect(control(HOSE).getAttribute('aria-expanded')).toBe('false');
    expect(within(campaignItem(HOSE)).queryByRole('link')).toBeNull();
    fireEvent.click(control(HOSE));
    expect(control(HOSE).getAttribute('aria-expanded')).toBe('true');
    await within(campaignItem(HOSE)).findByRole('link', { name: 'Replace the hydraulic hose' });

    // Switching tabs and back is not a first click either.
    fireEvent.click(screen.getByRole('tab', { name: 'Warranty' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Bulletins' }));
    await within(campaignItem(HOSE)).findByRole('link', { name: 'Replace the hydraulic hose' });
    expect(fetchCount(fetchMock, BULLETINS)).toBe(1);
  });

  it('shows a spinner while the campaign loads, then says when it has no documents', async () => {
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail({ campaigns }));
    let answer: (r: Response) => void = () => undefined;
    const gateway = documentsGateway({ machine: machineDetail({ campaigns }) });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).startsWith(BULLETINS)
        ? new Promise<Response>((resolve) => (answer = resolve))
        : gateway(input),
    );
    openMachine();
    await screen.findByTestId('machine-header');
    fireEvent.click(control(FILTER));
    await waitFor(() =>
      expect(campaignItem(FILTER).querySelector('.mantine-Loader-root')).not.toBeNull(),
    );
    answer(
      new Response(JSON.stringify({ results: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(
      await within(campaignItem(FILTER)).findByText('No Search Results to Display'),
    ).toBeTruthy();
  });

  it('says so when the machine has no campaigns', async () => {
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail());
    fetchMock.mockImplementation(documentsGateway({ machine: machineDetail() }));
    openMachine();
    expect(await screen.findByText('No bulletins for this machine.')).toBeTruthy();
    expect(screen.queryByTestId('campaign')).toBeNull();
  });

  it('offline: shows what the device holds with Last updated, and asks for a connection otherwise', async () => {
    setOnline(false);
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail({ campaigns }));
    await db.knowledgeResults.put({
      ownerUserId: user.id,
      key: bulletinsKey(HOSE),
      kind: 'bulletins',
      response: { results: [bulletin('KB-1', HOSE, 'Replace the hydraulic hose')] },
      syncedAt: Date.now() - 3 * 60 * 60_000,
    });
    openMachine();
    await screen.findByTestId('machine-header');

    fireEvent.click(control(HOSE));
    const hose = campaignItem(HOSE);
    expect(
      await within(hose).findByRole('link', { name: 'Replace the hydraulic hose' }),
    ).toBeTruthy();
    expect(within(hose).getByTestId('last-updated').textContent).toBe('Last updated 3 hours ago');

    fireEvent.click(control(FILTER));
    expect(
      await within(campaignItem(FILTER)).findByText(/loading them needs a connection/),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads a campaign opened offline once the connection is back', async () => {
    setOnline(false);
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail({ campaigns }));
    openMachine();
    await screen.findByTestId('machine-header');
    fireEvent.click(control(HOSE));
    await within(campaignItem(HOSE)).findByText(/loading them needs a connection/);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(
      await within(campaignItem(HOSE)).findByRole('link', { name: 'Replace the hydraulic hose' }),
    ).toBeTruthy();
    expect(fetchCount(fetchMock, BULLETINS)).toBe(1);
  });

  it("does not show another user's stored bulletins", async () => {
    setOnline(false);
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail({ campaigns }));
    await db.knowledgeResults.put({
      ownerUserId: 'someone-else',
      key: bulletinsKey(HOSE),
      kind: 'bulletins',
      response: { results: [bulletin('KB-1', HOSE, 'Replace the hydraulic hose')] },
      syncedAt: Date.now(),
    });
    openMachine();
    await screen.findByTestId('machine-header');
    fireEvent.click(control(HOSE));
    await within(campaignItem(HOSE)).findByText(/loading them needs a connection/);
    expect(screen.queryByRole('link', { name: 'Replace the hydraulic hose' })).toBeNull();
  });
});
