import './setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  it('shows an internal user Dealer Lookup and no Product Delivery Inspection, in product.md order', async () => {
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

  it('asks before Product Delivery Inspection opens a new tab: Deny closes, Allow opens it for the machine', async () => {
    await signInLocally(makeUser());
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
    const allow = within(again).getByRole('button', { name: 'Allow' }) as HTMLButtonElement;
    expect(allow.disabled).toBe(true);
    fireEvent.change(within(again).getByLabelText(/Model/), { target: { value: ' M7-172 ' } });
    fireEvent.change(within(again).getByLabelText(/Serial Number/), {
      target: { value: '51234' },
    });
    fireEvent.click(allow);
    expect(open).toHaveBeenCalledWith(
      '/support/machine/pdi/sn-51234/mn-M7-172',
      '_blank',
      'noopener,noreferrer',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
