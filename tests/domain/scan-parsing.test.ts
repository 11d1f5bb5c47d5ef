import { describe, expect, it } from 'vitest';
import { isResolvable, parseScannedCode, serialFromPin } from '../../src/domain/scan-parsing';

describe('scan parsing (product §5)', () => {
  it('reads WGN as the model and SN as the serial', () => {
    expect(parseScannedCode('WGNM7-172 SN52016')).toEqual({ model: 'M7-172', serial: '52016' });
  });

  it('reads PIN as the PIN and derives the serial from its last 5 characters', () => {
    expect(parseScannedCode('PINKBCM7172VNP052016')).toEqual({
      pin: 'KBCM7172VNP052016',
      serial: '52016',
    });
  });

  it('takes all three prefixes in any order and keeps an explicit serial', () => {
    expect(parseScannedCode('SN12345 PINKBCM7172VNP052016 WGNM7-172')).toEqual({
      model: 'M7-172',
      serial: '12345',
      pin: 'KBCM7172VNP052016',
    });
  });

  it('ignores unprefixed tokens once any token has a prefix', () => {
    expect(parseScannedCode('hello WGNL3560 SN70531 world')).toEqual({
      model: 'L3560',
      serial: '70531',
    });
  });

  it('splits on any whitespace, newlines included', () => {
    expect(parseScannedCode('  WGNM7-172\n\tSN52016  ')).toEqual({
      model: 'M7-172',
      serial: '52016',
    });
  });

  it('without prefixes: first token the model, a 17-character second token a PIN', () => {
    expect(parseScannedCode('M7-172 KBCM7172VNP052016')).toEqual({
      model: 'M7-172',
      pin: 'KBCM7172VNP052016',
      serial: '52016',
    });
  });

  it('without prefixes: a 5-character second token is the serial', () => {
    expect(parseScannedCode('SVL97-2 33090')).toEqual({ model: 'SVL97-2', serial: '33090' });
  });

  it('without prefixes: a second token of another length is neither PIN nor serial', () => {
    expect(parseScannedCode('M7-172 520160')).toEqual({ model: 'M7-172' });
    expect(isResolvable(parseScannedCode('M7-172 520160'))).toBe(false);
  });

  it('without prefixes: only the first two tokens count', () => {
    expect(parseScannedCode('L3560 70531 extra words')).toEqual({
      model: 'L3560',
      serial: '70531',
    });
  });

  it('treats a single token as a PIN, serial = its last 5 characters', () => {
    expect(parseScannedCode('KBCL3560HDC070531')).toEqual({
      pin: 'KBCL3560HDC070531',
      serial: '70531',
    });
  });

  it('prefixes are case-sensitive as printed (a lower-case token is not prefixed)', () => {
    expect(parseScannedCode('sn52016')).toEqual({ pin: 'sn52016', serial: '52016' });
  });

  it('a prefix with no value gives nothing', () => {
    expect(parseScannedCode('SN WGN')).toEqual({});
  });

  it('empty text gives nothing and is not resolvable', () => {
    expect(parseScannedCode('   ')).toEqual({});
    expect(isResolvable({})).toBe(false);
  });

  it('resolvable with serial and model, or with a PIN', () => {
    expect(isResolvable({ serial: '52016', model: 'M7-172' })).toBe(true);
    expect(isResolvable({ pin: 'KBCM7172VNP052016' })).toBe(true);
    expect(isResolvable({ serial: '52016' })).toBe(false);
    expect(isResolvable({ model: 'M7-172' })).toBe(false);
  });

  it('serialFromPin keeps the last 5 characters', () => {
    expect(serialFromPin('KBCM5111TNP041876')).toBe('41876');
  });
});
