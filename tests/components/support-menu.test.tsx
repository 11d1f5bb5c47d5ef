import './setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { SupportMenu } from '../../src/features/support/support-menu';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

const everyone = [
  'Machine Search',
  'Machine Telematic Install',
  'View Cases',
  'KU Information',
  'Keyless Master Password',
  'Predictions History',
  'My Dealer Contacts',
];

beforeEach(async () => {
  await resetDb();
});
afterEach(() => vi.restoreAllMocks());

async function buttonNames() {
  await screen.findByRole('button', { name: 'Machine Search' });
  return screen.getAllByRole('button').map((b) => b.textContent);
}

describe('Support menu', () => {
  it('shows an internal user Dealer Lookup and no Product Delivery Inspection, in SPEC order', async () => {
    await signInLocally(makeUser({ kind: 'internal', userType: 'STANDARD' }));
    renderScreen(<SupportMenu />, '/support');
    expect(await buttonNames()).toEqual([
      'Machine Search',
      'Machine Telematic Install',
      'Dealer Lookup',
      'View Cases',
      'KU Information',
      'Keyless Master Password',
      'Predictions History',
      'My Dealer Contacts',
    ]);
  });

  it('shows an external user Product Delivery Inspection and no Dealer Lookup', async () => {
    await signInLocally(makeUser());
    renderScreen(<SupportMenu />, '/support');
    const names = await buttonNames();
    for (const n of everyone) expect(names).toContain(n);
    expect(names).toContain('Product Delivery Inspection');
    expect(names).not.toContain('Dealer Lookup');
  });

  it('asks before Product Delivery Inspection opens a new tab: Deny closes, Allow opens', async () => {
    await signInLocally(makeUser());
    await db.config.put({
      key: 'remote',
      syncedAt: Date.now(),
      config: {
        productName: 'Torque',
        version: '1.0',
        callTscNumber: '1',
        privacyPolicyUrl: '/p',
        passwordResetUrl: '/r',
        passwordArticleUrl: '/a',
        training: {
          certifiedServiceTechCourse: '/1',
          serviceCoursesCatalog: '/2',
          technicianCertificationGuide: '/3',
        },
        productDeliveryInspectionUrl: '/links/pdi',
        crmFrontDoorUrl: '/c',
        communityUrl: '/c',
        qualityReportUrl: '/q',
        partsPdfUrl: '/pp',
      },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<SupportMenu />, '/support');

    fireEvent.click(await screen.findByRole('button', { name: 'Product Delivery Inspection' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Open a new tab?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'You are about to open a new tab and leave the product. Are you sure?',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Product Delivery Inspection' }));
    const again = await screen.findByRole('dialog');
    await vi.waitFor(() =>
      expect(
        (within(again).getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(within(again).getByRole('button', { name: 'Allow' }));
    expect(open).toHaveBeenCalledWith('/links/pdi', '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
