import { describe, expect, it } from 'vitest';
import {
  closeAction,
  closeQuestion,
  forcedClosedNotice,
  reopenNotice,
  statusAfterWrites,
} from '../../src/domain/case-update';

const write = (kind: string, createdAt: number, status = 'pending') => ({
  kind,
  status,
  createdAt,
});

describe('a safe close (closing asks; an update reopens a Resolved case)', () => {
  it('asks with the number, in the record’s own word', () => {
    expect(closeQuestion('Case', '00011420')).toBe('Close case 00011420?');
    expect(closeQuestion('Report', '00011421')).toBe('Close report 00011421?');
    expect(closeAction('Case')).toBe('Close case');
    expect(closeAction('Report')).toBe('Close report');
  });

  it('says before sending that an update reopens a Resolved record', () => {
    expect(reopenNotice('Case')).toBe(
      'This case is Resolved. Saving an update reopens it (status Updated).',
    );
    expect(reopenNotice('Report')).toContain('This report is Resolved.');
  });

  it('says before sending that a Forced Closed record takes the update and stays closed', () => {
    expect(forcedClosedNotice('Case')).toBe(
      'This case is Forced Closed. An update is added to its feed; the case stays closed.',
    );
    expect(forcedClosedNotice('Report')).toContain('the report stays closed.');
  });

  it('shows the status the queued writes will leave', () => {
    expect(statusAfterWrites('Created', [])).toBe('Created');
    expect(statusAfterWrites('Created', [write('case-feed-item', 1)])).toBe('Created');
    expect(statusAfterWrites('Resolved', [write('case-feed-item', 1)])).toBe('Updated');
    expect(statusAfterWrites('Resolved', [write('case-feed-item', 1, 'done')])).toBe('Resolved');
    expect(statusAfterWrites('Forced Closed', [write('case-feed-item', 1)])).toBe('Forced Closed');
    expect(statusAfterWrites('Updated', [write('case-close', 1)])).toBe('Resolved');
    // One update with the close: the close comes after its feed item, whatever the list order.
    expect(statusAfterWrites('Updated', [write('case-close', 5), write('case-feed-item', 5)])).toBe(
      'Resolved',
    );
    // A later update reopens what an earlier one closed.
    expect(
      statusAfterWrites('Updated', [
        write('case-close', 5),
        write('case-feed-item', 5),
        write('case-feed-item', 9),
      ]),
    ).toBe('Updated');
    expect(statusAfterWrites('Resolved', [write('case-file', 1)])).toBe('Resolved');
    // Forced Closed by the TSC: a close queued before the device knew changes nothing either.
    expect(
      statusAfterWrites('Forced Closed', [write('case-close', 5), write('case-feed-item', 9)]),
    ).toBe('Forced Closed');
  });
});
