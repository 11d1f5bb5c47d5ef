/*
 * The account/contact step and its new contact (product §2 "Who is this Report for?", §4
 * Account/contact, §5 New contact, §9: a new contact's type is Dealer Contact).
 */

import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_PHONE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  DEALER_CONTACT_TYPE,
} from '../../contract/case-create';

export { CONTACT_EMAIL_MESSAGE, CONTACT_PHONE_MESSAGE };
export const FIELD_REQUIRED_MESSAGE = CONTACT_REQUIRED_MESSAGE;
export const NEW_CONTACT_TYPE = DEALER_CONTACT_TYPE;

export interface NewContactInput {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export type NewContactErrors = Partial<Record<keyof NewContactInput, string>>;

/** A standard address: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Separators a phone number may use between its digits. */
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;

/** product §5: 10 to 13 digits, an optional leading plus, parentheses, dashes, spaces or dots. */
export function isValidContactPhone(phone: string): boolean {
  const value = phone.trim();
  if (!PHONE_SHAPE.test(value)) return false;
  if (value.indexOf('+') > 0) return false;
  const open = (value.match(/\(/g) ?? []).length;
  const close = (value.match(/\)/g) ?? []).length;
  if (open !== close || open > 1) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 13;
}

export function isValidContactEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Every message of a new contact; empty when it may be sent. */
export function validateNewContact(input: NewContactInput): NewContactErrors {
  const errors: NewContactErrors = {};
  for (const key of ['firstName', 'lastName', 'phone', 'email'] as const) {
    if (input[key].trim() === '') errors[key] = FIELD_REQUIRED_MESSAGE;
  }
  if (!errors.email && !isValidContactEmail(input.email)) errors.email = CONTACT_EMAIL_MESSAGE;
  if (!errors.phone && !isValidContactPhone(input.phone)) errors.phone = CONTACT_PHONE_MESSAGE;
  return errors;
}

export interface PartySelection {
  accountId: string | null;
  contactId: string | null;
  /** Set while "Create New Contact?" is ticked. */
  newContact: NewContactInput | null;
}

export interface PartyErrors {
  account?: string;
  contact?: string;
  newContact?: NewContactErrors;
}

/**
 * product §5: account and contact are required (same message); moving on needs both, or an
 * account and a valid new contact.
 */
export function validateParties(selection: PartySelection): PartyErrors {
  const errors: PartyErrors = {};
  if (!selection.accountId) errors.account = FIELD_REQUIRED_MESSAGE;
  if (selection.newContact) {
    const contactErrors = validateNewContact(selection.newContact);
    if (Object.keys(contactErrors).length > 0) errors.newContact = contactErrors;
  } else if (!selection.contactId) {
    errors.contact = FIELD_REQUIRED_MESSAGE;
  }
  return errors;
}

export function canLeaveParties(selection: PartySelection): boolean {
  return Object.keys(validateParties(selection)).length === 0;
}

/** product §4: changing the account clears the contact. */
export function chooseAccount(selection: PartySelection, accountId: string | null): PartySelection {
  if (accountId === selection.accountId) return selection;
  return { ...selection, accountId, contactId: null };
}

/** The fields of the contact record sent on creation (product §3 Contact (new)). */
export function newContactFields(accountId: string, input: NewContactInput) {
  return {
    AccountId: accountId,
    FirstName: input.firstName.trim(),
    LastName: input.lastName.trim(),
    Email: input.email.trim(),
    Phone: input.phone.trim(),
    Type__c: NEW_CONTACT_TYPE,
  };
}
