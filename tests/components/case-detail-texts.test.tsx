import './setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { layoutResponseSchema, type LayoutField } from '../../contract/cases';
import { AdditionalDetails } from '../../src/features/cases/additional-details';
import { LastRefreshSection } from '../../src/features/settings/last-refresh-section';
import { db } from '../../src/db/db';
import { dateTime } from '../../src/domain/dates';
import { makeUser, renderScreen, resetDb } from './render';

/** A layout field as the gateway's layouts declare them. */
const field = (over: Partial<LayoutField> & Pick<LayoutField, 'apiName' | 'label' | 'type'>) => ({
  required: false,
  editableForNew: true,
  editableForUpdate: false,
  referenceTo: null,
  controllerName: null,
  maxLength: null,
  ...over,
});
const readOnly = { editableForNew: false, editableForUpdate: false };

describe('Additional Details', () => {
  it('writes dates as the rest of the app does: a typed day as M/D/YYYY, a moment with its time', async () => {
    const layout = layoutResponseSchema.parse({
      recordType: { id: 'rt-case', kind: 'Case', name: 'Case' },
      sections: [
        {
          id: 'failure',
          heading: 'Failure Details',
          fields: [
            field({ apiName: 'Failure_Date__c', label: 'Failure Date', type: 'DateTime' }),
            field({ apiName: 'Service_Date__c', label: 'Service Date', type: 'DateTime' }),
          ],
        },
        {
          id: 'system',
          heading: 'System Information',
          fields: [
            field({ apiName: 'CreatedDate', label: 'Created Date', type: 'DateTime', ...readOnly }),
            field({
              apiName: 'LastModifiedDate',
              label: 'Last Modified Date',
              type: 'DateTime',
              ...readOnly,
            }),
          ],
        },
      ],
      defaults: {},
    });
    renderScreen(
      <AdditionalDetails
        layout={layout}
        fields={{
          Failure_Date__c: '2026-10-18T00:00:00Z',
          Service_Date__c: '2026-03-07T12:00:00Z',
          CreatedDate: '2026-10-20T15:04:00.000Z',
          LastModifiedDate: null,
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Additional Details' }));
    const failure = await screen.findByRole('region', { name: 'Failure Details' });
    // The day typed, whatever the device's time zone.
    expect(within(failure).getByText('10/18/2026')).toBeTruthy();
    expect(within(failure).getByText('3/7/2026')).toBeTruthy();
    const system = screen.getByRole('region', { name: 'System Information' });
    const created = dateTime('2026-10-20T15:04:00.000Z');
    expect(created).toMatch(/^10\/(20|21)\/2026, \d{1,2}:04 [AP]M$/);
    expect(within(system).getByText(created)).toBeTruthy();
    expect(within(system).getByText('N/A')).toBeTruthy();
    expect(screen.queryByText(/T\d\d:\d\d/)).toBeNull();
  });
});

describe('Offline & sync: Last refresh', () => {
  beforeEach(resetDb);

  it('names every area with a capital, Cases beside Profile and Machines', async () => {
    const user = makeUser();
    await db.profile.put({ key: 'me', user, syncedAt: Date.now() });
    for (const area of ['machines', 'cases']) {
      await db.syncState.put({ ownerUserId: user.id, area, syncedAt: Date.now() });
    }
    renderScreen(<LastRefreshSection userId={user.id} />);
    const table = await screen.findByTestId('last-refresh');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .map((r) => r.querySelector('td p')?.textContent);
    await screen.findByText('Cases');
    expect(names()).toEqual(expect.arrayContaining(['Profile', 'Machines', 'Cases']));
    expect(within(table).queryByText('cases')).toBeNull();
  });
});
