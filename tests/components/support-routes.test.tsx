import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { CustomInspectionScreen } from '../../src/features/support/custom-inspection-screen';
import { PdiScreen } from '../../src/features/support/pdi-screen';
import { SfCase, SfCreate } from '../../src/features/support/sf-routes';
import { makeUser, remoteConfig, renderScreen, resetDb, signInLocally } from './render';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

beforeEach(async () => {
  await resetDb();
  await signInLocally(makeUser());
  await db.config.put({
    key: 'remote',
    config: remoteConfig({
      productDeliveryInspectionUrl: '/links/pdi',
      crmFrontDoorUrl: '/links/crm',
    }),
    syncedAt: Date.now(),
  });
});
afterEach(() => vi.restoreAllMocks());

describe('remaining support routes', () => {
  it('frames the inspection page for the machine and goes back to it after the second load', async () => {
    renderScreen(
      <Routes>
        <Route path="/support/machine/pdi/:param1/:param2" element={<PdiScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      '/support/machine/pdi/sn-12345/mn-M7-172',
    );
    const frame = (await screen.findByTitle('Product Delivery Inspection')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/links/pdi?model=M7-172&serial=12345');
    fireEvent.load(frame);
    expect(screen.queryByTestId('where')).toBeNull();
    fireEvent.load(frame);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/support/machine/details/sn-12345/mn-M7-172',
      ),
    );
  });

  it('opens the CRM front door in a new tab once and shows an empty page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<CustomInspectionScreen />, '/support/test/customInspection');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]![0]).toBe('/links/crm');
    expect(open.mock.calls[0]![1]).toBe('_blank');
    expect(screen.getByTestId('custom-inspection').textContent).toBe('');
  });

  it('leads /support/sf/create to the machine search and /support/sf/case/:id to the case', async () => {
    renderScreen(
      <Routes>
        <Route path="/support/sf/create" element={<SfCreate />} />
        <Route path="/support/sf/case/:id" element={<SfCase />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      '/support/sf/case/500000000000000006',
    );
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/support/case/500000000000000006',
    );
  });

  it('leads /support/sf/create to the machine search', async () => {
    renderScreen(
      <Routes>
        <Route path="/support/sf/create" element={<SfCreate />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      '/support/sf/create',
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/support/machine/search');
  });
});
