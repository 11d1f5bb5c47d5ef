import { describe, expect, it } from 'vitest';
import { historyTime, messagePath, messageTypeLabel } from '../../src/domain/notification-links';

describe('messagePath', () => {
  it('opens what a message is about', () => {
    expect(
      messagePath({ type: 'Knowledge', knowledgeCategory: 'Manuals', searchTerm: 'axle oil' }),
    ).toBe('/knowledge?s=axle+oil&c=manuals');
    expect(messagePath({ type: 'Knowledge', knowledgeCategory: 'General', searchTerm: 'x' })).toBe(
      '/knowledge?s=x&c=all',
    );
    expect(
      messagePath({ type: 'Knowledge', knowledgeCategory: 'Campaigns', searchTerm: 'x' }),
    ).toBe('/knowledge?s=x&c=bulletins');
    expect(messagePath({ type: 'Machine', modelNumber: 'M7/172', serialNumber: '12345' })).toBe(
      '/support/machine/details/sn-12345/mn-M7%2F172',
    );
    expect(messagePath({ type: 'Case', recordId: '500A' })).toBe('/support/case/500A');
    expect(messagePath({ type: 'Report', recordId: '500B' })).toBe('/support/case/500B');
    expect(messagePath({ type: 'Case' })).toBe('/messages');
    expect(messageTypeLabel('Machine')).toBe('Machine Detail');
  });
});

describe('historyTime', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const ago = (s: number) => Math.floor(now / 1000) - s;
  it('says seconds, minutes, hours ago, then approximately days, months, years', () => {
    expect(historyTime(ago(1), now)).toBe('1 second ago');
    expect(historyTime(ago(42), now)).toBe('42 seconds ago');
    expect(historyTime(ago(60), now)).toBe('1 minute ago');
    expect(historyTime(ago(3599), now)).toBe('59 minutes ago');
    expect(historyTime(ago(7200), now)).toBe('2 hours ago');
    expect(historyTime(ago(86_400), now)).toBe('approximately 1 day ago');
    expect(historyTime(ago(29 * 86_400), now)).toBe('approximately 29 days ago');
    expect(historyTime(ago(62 * 86_400), now)).toBe('approximately 2 months ago');
    expect(historyTime(ago(800 * 86_400), now)).toBe('approximately 2 years ago');
  });
});
