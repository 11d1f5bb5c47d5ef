import { describe, expect, it } from 'vitest';
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_PHONE_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  canLeaveParties,
  chooseAccount,
  isValidContactPhone,
  newContactFields,
  validateNewContact,
  validateParties,
} from '../../src/domain/new-contact';

const good = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '(555) 123-4567',
  email: 'ann@dealer.com',
};

describe('new contact (product §5 New contact)', () => {
  it('requires every field with the same message', () => {
    expect(validateNewContact({ firstName: '', lastName: ' ', phone: '', email: '' })).toEqual({
      firstName: FIELD_REQUIRED_MESSAGE,
      lastName: FIELD_REQUIRED_MESSAGE,
      phone: FIELD_REQUIRED_MESSAGE,
      email: FIELD_REQUIRED_MESSAGE,
    });
    expect(FIELD_REQUIRED_MESSAGE).toBe('This field is required!');
  });

  it('checks the email', () => {
    expect(validateNewContact({ ...good, email: 'ann@dealer' }).email).toBe(CONTACT_EMAIL_MESSAGE);
    expect(validateNewContact({ ...good, email: 'ann dealer.com' }).email).toBe(
      'Must be in a valid email format',
    );
    expect(validateNewContact(good)).toEqual({});
  });

  it('accepts 10 to 13 digits with plus, parentheses and separators', () => {
    for (const ok of [
      '5551234567',
      '+1 555 123 4567',
      '(555) 123-4567',
      '555.123.4567',
      '+441234567890',
    ]) {
      expect(isValidContactPhone(ok), ok).toBe(true);
    }
    for (const bad of [
      '555123456',
      '12345678901234',
      '555-abc-4567',
      '55+51234567',
      '((555)) 1234567',
    ]) {
      expect(isValidContactPhone(bad), bad).toBe(false);
    }
    expect(validateNewContact({ ...good, phone: '123' }).phone).toBe(CONTACT_PHONE_MESSAGE);
    expect(CONTACT_PHONE_MESSAGE).toBe('Must be in a valid phone format');
  });

  it('needs an account and a contact, or an account and a valid new contact', () => {
    expect(validateParties({ accountId: null, contactId: null, newContact: null })).toEqual({
      account: FIELD_REQUIRED_MESSAGE,
      contact: FIELD_REQUIRED_MESSAGE,
    });
    expect(canLeaveParties({ accountId: 'a', contactId: 'c', newContact: null })).toBe(true);
    expect(canLeaveParties({ accountId: 'a', contactId: null, newContact: good })).toBe(true);
    expect(
      canLeaveParties({ accountId: 'a', contactId: null, newContact: { ...good, email: 'x' } }),
    ).toBe(false);
  });

  it('clears the contact when the account changes, not when the same account is picked', () => {
    const s = { accountId: 'a', contactId: 'c', newContact: null };
    expect(chooseAccount(s, 'b')).toEqual({ accountId: 'b', contactId: null, newContact: null });
    expect(chooseAccount(s, 'a')).toBe(s);
  });

  it('sends a Dealer Contact with trimmed values', () => {
    expect(newContactFields('acc', { ...good, firstName: ' Ann ' })).toEqual({
      AccountId: 'acc',
      FirstName: 'Ann',
      LastName: 'Lee',
      Email: 'ann@dealer.com',
      Phone: '(555) 123-4567',
      Type__c: 'Dealer Contact',
    });
  });
});
