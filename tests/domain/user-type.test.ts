import { describe, expect, it } from 'vitest';
import { decodeUserType, encodeUserType, userKindOf } from '../../src/domain/user-type';

describe('userKindOf (product §1)', () => {
  it('is internal for CRM user type STANDARD', () => {
    expect(userKindOf({ userType: 'STANDARD', accountRecordType: 'Dealer' })).toBe('internal');
  });
  it('is internal for account record type OEM Account', () => {
    expect(userKindOf({ userType: 'PowerPartner', accountRecordType: 'OEM Account' })).toBe(
      'internal',
    );
  });
  it('is internal when both hold', () => {
    expect(userKindOf({ userType: 'STANDARD', accountRecordType: 'OEM Account' })).toBe('internal');
  });
  it('is external when neither holds', () => {
    expect(userKindOf({ userType: 'PowerPartner', accountRecordType: 'Dealer' })).toBe('external');
  });
  it('is external for null values', () => {
    expect(userKindOf({ userType: null, accountRecordType: null })).toBe('external');
  });
  it('compares exactly (the CRM stores picklist values verbatim)', () => {
    expect(userKindOf({ userType: 'standard', accountRecordType: 'oem account' })).toBe('external');
  });
});

describe('stored user type (base64, product §3)', () => {
  it('round-trips', () => {
    expect(encodeUserType('STANDARD')).toBe('U1RBTkRBUkQ=');
    expect(decodeUserType(encodeUserType('PowerPartner'))).toBe('PowerPartner');
    expect(decodeUserType(encodeUserType('Händler'))).toBe('Händler');
  });
  it('treats a missing or broken value as absent', () => {
    expect(decodeUserType(null)).toBeNull();
    expect(decodeUserType('')).toBeNull();
    expect(decodeUserType('%%%')).toBeNull();
  });
});
