import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** timestamptz: pg returns Date, we may write Date or ISO strings. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default (DefaultedTimestamp would not unwrap the ColumnType). */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as a JSON string (pg does not serialise arrays as JSON), read as parsed value. */
type Json<T = unknown> = ColumnType<T, string, string>;

export const ACCOUNT_RECORD_TYPES = ['Dealer', 'OEM Account', 'Corporate', 'Customer'] as const;
export type AccountRecordType = (typeof ACCOUNT_RECORD_TYPES)[number];

export interface AccountsTable {
  id: string;
  name: string;
  account_number: string | null;
  record_type: AccountRecordType;
  city: string | null;
  state: string | null;
  phone: string | null;
  /** For customers: the dealer that services them. */
  parent_dealer_id: string | null;
}

export interface ContactsTable {
  id: string;
  account_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  type: string | null;
}

export interface UsersTable {
  id: string;
  /** The sign-in name (an email address), unique case-insensitively. */
  username: string;
  first_name: string;
  last_name: string;
  user_type: string | null;
  account_id: string | null;
  contact_id: string | null;
  is_admin: boolean;
  /** `scrypt$<salt b64>$<hash b64>`; null for users who only sign in through an external IdP. */
  password_hash: string | null;
  password_expires_at: Timestamp | null;
  is_demo: boolean;
}

export interface SessionsTable {
  /** sha256 (hex) of the random token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: Json | null;
  created_at: Timestamp;
}

export interface UsedIdTokensTable {
  token_hash: string;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: DefaultedTimestamp;
  user_id: string | null;
  action: string;
  subject: string | null;
  detail: Json | null;
}

export interface OidcStoreTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface RemoteConfigTable {
  key: string;
  value: Json;
}

export interface SigningKeysTable {
  /** 'jwk' (the IdP's RS256 signing key) or 'cookie' (its cookie-signing secret). */
  kind: string;
  id: string;
  value: Json<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
}

export interface Database {
  accounts: AccountsTable;
  contacts: ContactsTable;
  users: UsersTable;
  sessions: SessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  used_id_tokens: UsedIdTokensTable;
  oidc_store: OidcStoreTable;
  remote_config: RemoteConfigTable;
  signing_keys: SigningKeysTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type NewContact = Insertable<ContactsTable>;
export type NewUser = Insertable<UsersTable>;
