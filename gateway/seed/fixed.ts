import type { NewAccount, NewContact } from '../db/schema';

/**
 * Records every install has, whatever the demo-data size: the maker's OEM and corporate
 * accounts, two named dealers the demo technicians work for, and the five demo users.
 */
export const OEM_ACCOUNT_ID = '001000000000000001';
export const CORPORATE_ACCOUNT_ID = '001000000000000002';
export const NORTHFIELD_ID = '001000000000000003';
export const RIVERBEND_ID = '001000000000000004';

export const FIXED_ACCOUNTS: NewAccount[] = [
  {
    id: OEM_ACCOUNT_ID,
    name: 'Torque Machinery OEM Engineering',
    account_number: 'OEM-0001',
    record_type: 'OEM Account',
    city: 'Moline',
    state: 'IL',
    phone: '(309) 555-0100',
    parent_dealer_id: null,
  },
  {
    id: CORPORATE_ACCOUNT_ID,
    name: 'Torque Machinery Corporate',
    account_number: 'CORP-0001',
    record_type: 'Corporate',
    city: 'Moline',
    state: 'IL',
    phone: '(309) 555-0101',
    parent_dealer_id: null,
  },
  {
    id: NORTHFIELD_ID,
    name: 'Northfield Equipment',
    account_number: 'D10417',
    record_type: 'Dealer',
    city: 'Northfield',
    state: 'MN',
    phone: '(507) 555-0148',
    parent_dealer_id: null,
  },
  {
    id: RIVERBEND_ID,
    name: 'Riverbend Tractor',
    account_number: 'D20388',
    record_type: 'Dealer',
    city: 'Hastings',
    state: 'NE',
    phone: '(402) 555-0173',
    parent_dealer_id: null,
  },
];

export interface DemoUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  userType: string;
  accountId: string;
  isAdmin: boolean;
  /** Password expiry, in days after each server start (product §2 Home banners: 10 and 160 days). */
  passwordExpiresInDays: number;
  contact: NewContact;
}

function demo(
  n: number,
  username: string,
  firstName: string,
  lastName: string,
  userType: string,
  accountId: string,
  isAdmin: boolean,
  passwordExpiresInDays: number,
  phone: string,
  contactType: string,
): DemoUser {
  const contactId = `003${String(n).padStart(15, '0')}`;
  return {
    id: `005${String(n).padStart(15, '0')}`,
    username,
    firstName,
    lastName,
    userType,
    accountId,
    isAdmin,
    passwordExpiresInDays,
    contact: {
      id: contactId,
      account_id: accountId,
      first_name: firstName,
      last_name: lastName,
      email: username,
      phone,
      type: contactType,
    },
  };
}

export const DEMO_USERS: DemoUser[] = [
  // Internal by user type; 100 days -> the 160-day info banner.
  demo(
    1,
    'sam.staff@torque.example',
    'Sam',
    'Stafford',
    'STANDARD',
    CORPORATE_ACCOUNT_ID,
    false,
    100,
    '(309) 555-0111',
    'Employee',
  ),
  // Internal, administrator (notification dashboard); 200 days -> no banner.
  demo(
    2,
    'ada.admin@torque.example',
    'Ada',
    'Adams',
    'STANDARD',
    CORPORATE_ACCOUNT_ID,
    true,
    200,
    '(309) 555-0112',
    'Employee',
  ),
  // Internal only by the OEM Account record type; 300 days -> no banner.
  demo(
    3,
    'olga.oem@torque.example',
    'Olga',
    'Olsen',
    'PowerPartner',
    OEM_ACCOUNT_ID,
    false,
    300,
    '(309) 555-0113',
    'Employee',
  ),
  // External technician; 7 days -> the 10-day warning banner.
  demo(
    4,
    'dana.tech@northfield.example',
    'Dana',
    'Whitfield',
    'PowerPartner',
    NORTHFIELD_ID,
    false,
    7,
    '(507) 555-0162',
    'Dealer Contact',
  ),
  // External technician; 400 days -> no banner.
  demo(
    5,
    'eli.tech@riverbend.example',
    'Eli',
    'Navarro',
    'PowerPartner',
    RIVERBEND_ID,
    false,
    400,
    '(402) 555-0187',
    'Dealer Contact',
  ),
];
