import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../src/domain/us-states';

describe('US states (product §2: US list including DC)', () => {
  it('has the 50 states and DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
  });
  it('has unique two-letter codes and names', () => {
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(new Set(US_STATES.map((s) => s.name)).size).toBe(51);
    for (const s of US_STATES) expect(s.code).toMatch(/^[A-Z]{2}$/);
  });
});
