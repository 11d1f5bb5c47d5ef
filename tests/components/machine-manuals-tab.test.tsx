import 'fake-indexeddb/auto';
import './setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManualsResponse } from '../../contract/knowledge';
import { db } from '../../src/db/db';
import { manualsKey } from '../../src/sync/machine-documents';
import { manual } from './machine-document-fixtures';
import { machineDetail } from './machine-fixtures';
import {
  documentsGateway,
  fetchCount,
  openMachine,
  setOnline,
  storeMachine,
} from './machine-documents-harness';
import { makeUser, resetDb, signInLocally } from './render';

const MANUALS = '/api/v1/knowledge/manuals';

const m7Manuals: ManualsResponse = {
  sections: [
    {
      section: 'Workshop Manuals',
      results: [
        manual('MAN-1', 'Workshop Manuals', 'M7 Workshop Manual'),
        manual('MAN-2', 'Workshop Manuals', 'M7 Hydraulics Workshop Manual'),
      ],
    },
    {
      section: "Operator's / Owner's Manual",
      results: [manual('MAN-3', "Operator's / Owner's Manual", "M7 Operator's Manual")],
    },
    { section: 'Assembly Instructions', results: [] },
    { section: 'Other', results: [manual('MAN-4', 'Other', 'M7 Lubrication Chart')] },
  ],
};

const emptyManuals: ManualsResponse = {
  sections: [
    { section: 'Workshop Manuals', results: [] },
    { section: "Operator's / Owner's Manual", results: [] },
    { section: 'Assembly Instructions', results: [] },
    { section: 'Other', results: [] },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await resetDb();
  fetchMock = vi.fn(
    documentsGateway({ machine: machineDetail(), manuals: { 'M7-172': m7Manuals } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  setOnline(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

async function openManualsTab() {
  const user = makeUser();
  await signInLocally(user);
  await storeMachine(user.id, machineDetail());
  openMachine();
  await screen.findByTestId('machine-header');
  fireEvent.click(screen.getByRole('tab', { name: 'Manuals' }));
  return user;
}

const section = (name: string) =>
  screen.getAllByTestId('manual-section').find((el) => el.textContent?.startsWith(name))!;
const sectionControl = (name: string) => within(section(name)).getByRole('button', { name });

describe('manuals tab', () => {
  it('loads when first opened: four sections, Workshop Manuals expanded, the others collapsed', async () => {
    // Not loaded while another tab is shown.
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail());
    openMachine();
    await screen.findByTestId('machine-header');
    expect(fetchCount(fetchMock, MANUALS)).toBe(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Manuals' }));
    await screen.findByRole('link', { name: 'M7 Workshop Manual' });
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith(MANUALS))![0])).toBe(
      `${MANUALS}?model=M7-172`,
    );
    expect(screen.getAllByTestId('manual-section').map((s) => s.textContent)).toHaveLength(4);
    const expanded = [
      'Workshop Manuals',
      "Operator's / Owner's Manual",
      'Assembly Instructions',
      'Other',
    ].map((name) => sectionControl(name).getAttribute('aria-expanded'));
    expect(expanded).toEqual(['true', 'false', 'false', 'false']);

    const workshop = section('Workshop Manuals');
    const link = within(workshop).getByRole('link', { name: 'M7 Workshop Manual' });
    expect(link.getAttribute('href')).toBe(
      '/knowledge/answer?uniqueID=MAN-1&title=M7%20Workshop%20Manual',
    );
    const downloads = within(workshop).getAllByRole('link', { name: 'Download PDF' });
    expect(downloads.map((d) => d.getAttribute('href'))).toEqual([
      '/api/v1/files/F-MAN-1',
      '/api/v1/files/F-MAN-2',
    ]);
    const row = await db.knowledgeResults.get([user.id, manualsKey('M7-172')]);
    expect(row?.kind).toBe('manuals');
  });

  it("says 'No manuals found' in an empty section, and opens a collapsed one on click", async () => {
    await openManualsTab();
    await screen.findByRole('link', { name: 'M7 Workshop Manual' });
    fireEvent.click(sectionControl('Assembly Instructions'));
    expect(sectionControl('Assembly Instructions').getAttribute('aria-expanded')).toBe('true');
    expect(within(section('Assembly Instructions')).getByText('No manuals found')).toBeTruthy();
    fireEvent.click(sectionControl("Operator's / Owner's Manual"));
    expect(
      await within(section("Operator's / Owner's Manual")).findByRole('link', {
        name: "M7 Operator's Manual",
      }),
    ).toBeTruthy();
  });

  it('loads once: coming back to the tab shows the stored manuals without asking again', async () => {
    await openManualsTab();
    await screen.findByRole('link', { name: 'M7 Workshop Manual' });
    fireEvent.click(screen.getByRole('tab', { name: 'Claims' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Manuals' }));
    await screen.findByRole('link', { name: 'M7 Workshop Manual' });
    expect(fetchCount(fetchMock, MANUALS)).toBe(1);
  });

  it("says 'No manuals found' once for the whole tab when no section has any", async () => {
    fetchMock.mockImplementation(
      documentsGateway({ machine: machineDetail(), manuals: { 'M7-172': emptyManuals } }),
    );
    await openManualsTab();
    expect(await screen.findByText('No manuals found')).toBeTruthy();
    expect(screen.getAllByText('No manuals found')).toHaveLength(1);
    expect(screen.queryByTestId('manual-section')).toBeNull();
  });

  it("says 'No manuals found' when the gateway does not know the model", async () => {
    fetchMock.mockImplementation(documentsGateway({ machine: machineDetail(), manuals: {} }));
    await openManualsTab();
    expect(await screen.findByText('No manuals found')).toBeTruthy();
  });

  it('offline: shows the stored manuals with Last updated, without asking the gateway', async () => {
    setOnline(false);
    const user = makeUser();
    await signInLocally(user);
    await storeMachine(user.id, machineDetail(), Date.now());
    await db.knowledgeResults.put({
      ownerUserId: user.id,
      key: manualsKey('M7-172'),
      kind: 'manuals',
      response: m7Manuals,
      syncedAt: Date.now() - 2 * 24 * 60 * 60_000 - 1,
    });
    openMachine();
    await screen.findByTestId('machine-header');
    fireEvent.click(screen.getByRole('tab', { name: 'Manuals' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('link', { name: 'M7 Workshop Manual' })).toBeTruthy();
    expect(within(panel).getByTestId('last-updated').textContent).toMatch(
      /^Last updated on \d+\/\d+\/\d{4}$/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offline with nothing stored: says loading manuals needs a connection', async () => {
    setOnline(false);
    await openManualsTab();
    const panel = screen.getByRole('tabpanel');
    expect((await within(panel).findByRole('status')).textContent).toBe(
      'The manuals of this machine have not been loaded on this device yet, and loading them needs a connection.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the manuals could not be loaded when the gateway fails', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).startsWith(MANUALS)
        ? new Response(JSON.stringify({ error: 'Unavailable', message: 'Search is down.' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : documentsGateway({ machine: machineDetail() })(input),
    );
    await openManualsTab();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The manuals could not be loaded. Search is down.',
    );
  });
});
