import { describe, expect, it } from 'vitest';
import { dealerQuerySchema } from '../../contract/dealers';

const empty = { city: '', state: '', name: '', number: '' };
const messageOf = (input: unknown) => {
  const parsed = dealerQuerySchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

// The dealer lookup screen submits what this schema makes of its fields (product §5).
describe('dealer lookup query (product §5)', () => {
  it('needs at least one field', () => {
    expect(messageOf(empty)).toBe('Atleast one field is required');
  });
  it('trims, so blanks count as empty', () => {
    expect(messageOf({ ...empty, city: '   ', name: ' ' })).toBe('Atleast one field is required');
    expect(dealerQuerySchema.parse({ ...empty, name: '  northfield ' })).toEqual({
      name: 'northfield',
    });
  });
  it('keeps every filled field', () => {
    expect(
      dealerQuerySchema.parse({ city: 'Ames', state: 'IA', name: 'North', number: '1001' }),
    ).toEqual({ city: 'Ames', state: 'IA', name: 'North', number: '1001' });
  });
});
