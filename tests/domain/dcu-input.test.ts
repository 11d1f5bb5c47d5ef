import { describe, expect, it } from 'vitest';
import {
  ENGINE_HOURS_MESSAGE,
  IMEI_LENGTH_MESSAGE,
  MASTER_KEY_SERIAL_DIGITS_MESSAGE,
  MASTER_KEY_SERIAL_LENGTH_MESSAGE,
  MASTER_KEY_SERIAL_REQUIRED_MESSAGE,
  dcuPairingSchema,
  masterKeySerialProblem,
} from '../../contract/dcu';
import {
  NO_REPORT_INFO,
  buildDcuPairing,
  canCommitEngineHours,
  dcuPairingSummary,
  engineHoursFieldProblem,
  formatLastReported,
  imeiProblem,
  isImeiComplete,
  keepImeiDigits,
  limitEngineHours,
  masterKeySubmitProblem,
  pairingMachine,
} from '../../src/domain/dcu-input';

describe('IMEI typing (product §5)', () => {
  it('keeps only digits while typing', () => {
    expect(keepImeiDigits('35 69-38/03a')).toBe('35693803');
    expect(keepImeiDigits('abc')).toBe('');
    expect(keepImeiDigits('')).toBe('');
  });

  it('keeps at most 15 digits (a pasted or scanned longer code is cut)', () => {
    expect(keepImeiDigits('3569380356438091234')).toBe('356938035643809');
    expect(keepImeiDigits('IMEI:356938035643809')).toBe('356938035643809');
  });

  it('enables Check only at exactly 15 digits', () => {
    expect(isImeiComplete('35693803564380')).toBe(false); // 14
    expect(isImeiComplete('356938035643809')).toBe(true); // 15
    expect(isImeiComplete('3569380356438091')).toBe(false); // 16
    expect(isImeiComplete('35693803564380a')).toBe(false);
    expect(isImeiComplete('')).toBe(false);
  });

  it("says 'IMEI must be 15 char long' for a started, incomplete IMEI, nothing when empty or whole", () => {
    expect(imeiProblem('')).toBeNull();
    expect(imeiProblem('3')).toBe(IMEI_LENGTH_MESSAGE);
    expect(imeiProblem('35693803564380')).toBe(IMEI_LENGTH_MESSAGE);
    expect(imeiProblem('356938035643809')).toBeNull();
    expect(IMEI_LENGTH_MESSAGE).toBe('IMEI must be 15 char long');
  });
});

describe('engine hours (product §5: numeric, optional decimals, at most 8 characters)', () => {
  it('cuts typing at 8 characters', () => {
    expect(limitEngineHours('123456789')).toBe('12345678');
    expect(limitEngineHours('1234.5')).toBe('1234.5');
  });

  it('accepts whole numbers and decimals up to 8 characters', () => {
    for (const ok of ['0', '1', '12345678', '1234.567', '0.5', '999999.9']) {
      expect(canCommitEngineHours(ok), ok).toBe(true);
      expect(engineHoursFieldProblem(ok), ok).toBeNull();
    }
  });

  it('refuses empty, 9 characters, signs, letters, lone or double points', () => {
    expect(canCommitEngineHours('')).toBe(false);
    for (const bad of [
      '123456789',
      '1234.5678',
      '-1',
      '+1',
      '12a',
      '1.',
      '.5',
      '1.2.3',
      ' 12',
      '1,5',
    ]) {
      expect(canCommitEngineHours(bad), bad).toBe(false);
      expect(engineHoursFieldProblem(bad), bad).toBe(ENGINE_HOURS_MESSAGE);
    }
  });

  it('shows no message while the field is empty (Commit is just disabled)', () => {
    expect(engineHoursFieldProblem('')).toBeNull();
  });
});

describe('master key serial (product §5)', () => {
  it('allows empty until submit, then asks for it', () => {
    expect(masterKeySerialProblem('')).toBeNull();
    expect(masterKeySubmitProblem('')).toBe(MASTER_KEY_SERIAL_REQUIRED_MESSAGE);
  });

  it('takes 6 to 11 digits', () => {
    expect(masterKeySubmitProblem('12345')).toBe(MASTER_KEY_SERIAL_LENGTH_MESSAGE);
    expect(masterKeySubmitProblem('123456')).toBeNull();
    expect(masterKeySubmitProblem('12345678901')).toBeNull();
    expect(masterKeySubmitProblem('123456789012')).toBe(MASTER_KEY_SERIAL_LENGTH_MESSAGE);
  });

  it('refuses symbols, spaces and letters with the digits message, length first', () => {
    expect(masterKeySubmitProblem('12345a')).toBe(MASTER_KEY_SERIAL_DIGITS_MESSAGE);
    expect(masterKeySubmitProblem('123 456')).toBe(MASTER_KEY_SERIAL_DIGITS_MESSAGE);
    expect(masterKeySubmitProblem('123-456')).toBe(MASTER_KEY_SERIAL_DIGITS_MESSAGE);
    expect(masterKeySubmitProblem('ab')).toBe(MASTER_KEY_SERIAL_LENGTH_MESSAGE);
    expect(MASTER_KEY_SERIAL_LENGTH_MESSAGE).toBe('Serial Number must be between 6-11 digits');
    expect(MASTER_KEY_SERIAL_DIGITS_MESSAGE).toBe(
      'Serial Number only accepts numbers. No symbols, spaces or alphabetical characters are allowed.',
    );
  });
});

describe('Last Reported (product §4: M/D/YYYY or No available info.)', () => {
  it('writes month and day without leading zeros', () => {
    // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatLastReported('2026-11-15T12:00:00Z')).toBe('11/15/2026');
    expect(formatLastReported('2026-03-05T12:00:00Z')).toBe('3/5/2026');
    expect(formatLastReported('2027-01-09T12:00:00.000Z')).toBe('1/9/2027');
  });

  it("says 'No available info.' when the unit never reported or the date is unreadable", () => {
    expect(NO_REPORT_INFO).toBe('No available info.');
    expect(formatLastReported(null)).toBe(NO_REPORT_INFO);
    expect(formatLastReported(undefined)).toBe(NO_REPORT_INFO);
    expect(formatLastReported('')).toBe(NO_REPORT_INFO);
    expect(formatLastReported('not a date')).toBe(NO_REPORT_INFO);
  });
});

describe('the pairing payload and its outbox summary', () => {
  const dcu = { imei: '358000000000001', type: 'DCU-4G-200', lastReportedAt: null };

  it('builds product §3 payload the contract accepts', () => {
    const pairing = buildDcuPairing({ serial: '41876', model: 'M5-111' }, dcu, '1234.5');
    expect(pairing).toEqual({
      serialNumber: '41876',
      modelNumber: 'M5-111',
      pin: '',
      dcuPartNumber: 'DCU-4G-200',
      imeiNumber: '358000000000001',
      usageHours: '1234.5',
    });
    expect(dcuPairingSchema.safeParse(pairing).success).toBe(true);
  });

  it('carries the PIN when it is known', () => {
    const pin = 'KBCM5111TNP041876';
    expect(buildDcuPairing({ serial: '41876', model: 'M5-111', pin }, dcu, '1').pin).toBe(pin);
  });

  it('summarises as agreed: Pair DCU {imei} with {model} {serial}', () => {
    expect(dcuPairingSummary('358000000000001', 'M5-111', '41876')).toBe(
      'Pair DCU 358000000000001 with M5-111 41876',
    );
  });
});

describe('the machine of a pairing', () => {
  const stored = { serial: '41876', model: 'M5-111', pin: 'KBCM5111TNP041876' };

  it('takes serial and model from the path', () => {
    expect(pairingMachine({ serial: '41876', model: 'M5-111' })).toEqual({
      serial: '41876',
      model: 'M5-111',
    });
    expect(pairingMachine({ serial: '41876', model: 'M5-111' }, stored)).toEqual(stored);
  });

  it('from a PIN alone: serial from its last 5 characters, model only from the stored row', () => {
    expect(pairingMachine({ pin: 'KBCM5111TNP041876' })).toBeNull();
    expect(pairingMachine({ pin: 'KBCM5111TNP041876' }, stored)).toEqual(stored);
  });

  it('needs both a serial and a model', () => {
    expect(pairingMachine({ serial: '41876' })).toBeNull();
    expect(pairingMachine({ model: 'M5-111' })).toBeNull();
    expect(pairingMachine({})).toBeNull();
  });
});
