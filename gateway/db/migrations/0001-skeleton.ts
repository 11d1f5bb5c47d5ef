import { sql, type Kysely } from 'kysely';

// The first schema: accounts, contacts and users (the CRM's user record), the gateway's own
// sessions, idempotency keys and audit log, and the embedded IdP's persistent state.
// Plain SQL that runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE accounts (
      id text PRIMARY KEY,
      name text NOT NULL,
      account_number text,
      record_type text NOT NULL
        CHECK (record_type IN ('Dealer', 'OEM Account', 'Corporate', 'Customer')),
      city text,
      state text,
      phone text,
      parent_dealer_id text REFERENCES accounts(id)
    )`.execute(db);
  // Dealer lookup: name is a case-insensitive contains match (trigram index), city/state/number equality.
  await sql`CREATE INDEX accounts_name_trgm ON accounts USING gin (lower(name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX accounts_type_state ON accounts (record_type, state)`.execute(db);
  await sql`CREATE INDEX accounts_type_city ON accounts (record_type, lower(city))`.execute(db);
  await sql`CREATE INDEX accounts_number ON accounts (account_number)`.execute(db);
  await sql`CREATE INDEX accounts_parent ON accounts (parent_dealer_id)`.execute(db);

  await sql`
    CREATE TABLE contacts (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES accounts(id),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text,
      phone text,
      type text
    )`.execute(db);
  await sql`CREATE INDEX contacts_account ON contacts (account_id)`.execute(db);

  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      username text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      user_type text,
      account_id text REFERENCES accounts(id),
      contact_id text REFERENCES contacts(id),
      is_admin boolean NOT NULL DEFAULT false,
      password_hash text,
      password_expires_at timestamptz,
      is_demo boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username ON users (lower(username))`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions (user_id)`.execute(db);
  await sql`CREATE INDEX sessions_expires ON sessions (expires_at)`.execute(db);

  await sql`
    CREATE TABLE idempotency_keys (
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      request_hash text NOT NULL,
      status_code integer NOT NULL,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      user_id text,
      action text NOT NULL,
      subject text,
      detail jsonb
    )`.execute(db);
  await sql`CREATE INDEX audit_log_at ON audit_log (at)`.execute(db);

  // oidc-provider's adapter: one table for every model, keyed by (model, id).
  await sql`
    CREATE TABLE oidc_store (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      uid text,
      user_code text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    )`.execute(db);
  await sql`CREATE INDEX oidc_store_grant ON oidc_store (grant_id)`.execute(db);
  await sql`CREATE INDEX oidc_store_uid ON oidc_store (model, uid)`.execute(db);
  await sql`CREATE INDEX oidc_store_user_code ON oidc_store (model, user_code)`.execute(db);
  await sql`CREATE INDEX oidc_store_expires ON oidc_store (expires_at)`.execute(db);

  await sql`CREATE TABLE remote_config (key text PRIMARY KEY, value jsonb NOT NULL)`.execute(db);

  await sql`
    CREATE TABLE signing_keys (
      kind text NOT NULL,
      id text NOT NULL,
      value jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, id)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'signing_keys',
    'remote_config',
    'oidc_store',
    'audit_log',
    'idempotency_keys',
    'sessions',
    'users',
    'contacts',
    'accounts',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
