import { describe, expect, it } from 'vitest';
import { createCaseResponseSchema } from '../../contract/case-create';
import { createdCaseIn } from '../../src/sync/created-case';

const created = {
  id: '500A000001',
  caseNumber: '00012345',
  recordType: 'Report',
  recordTypeId: '012A0000000',
  status: 'Created',
  createdAt: '2026-03-02T10:00:00.000Z',
};

describe('a created case read back from the outbox without its schema', () => {
  it('accepts and refuses what the declared answer schema does', () => {
    const samples: unknown[] = [
      created,
      { ...created, recordType: 'Case' },
      { ...created, extra: 'kept out' },
      { ...created, recordType: 'Incident' },
      { ...created, id: 42 },
      { ...created, status: null },
      Object.fromEntries(Object.entries(created).filter(([k]) => k !== 'createdAt')),
      null,
      'a string',
      undefined,
    ];
    for (const sample of samples) {
      expect(createdCaseIn(sample), JSON.stringify(sample)).toEqual(
        createCaseResponseSchema.safeParse(sample).data,
      );
    }
    expect(createdCaseIn({ ...created, extra: 'kept out' })).toEqual(created);
  });
});
