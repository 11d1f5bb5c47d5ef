import { sql, type Kysely } from 'kysely';

// Notifications (product §2 Messages, Notification dashboard; §3 Notification): the push
// devices, the messages per recipient, the broadcasts and the durable fan-out queue, plus the
// contact attributes the dashboard filters on.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  // product §3 Notification (dashboard) filter fields Division__c and Contract_Series__c.
  await sql`ALTER TABLE contacts ADD COLUMN division text`.execute(db);
  await sql`ALTER TABLE contacts ADD COLUMN contract_series text[] NOT NULL DEFAULT '{}'`.execute(
    db,
  );
  await sql`CREATE INDEX contacts_division ON contacts (upper(division))`.execute(db);
  await sql`CREATE INDEX contacts_contract_series ON contacts USING gin (contract_series)`.execute(
    db,
  );

  // One row per browser (or phone) push subscription; a user may have several.
  await sql`
    CREATE TABLE push_devices (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      contact_id text REFERENCES contacts(id) ON DELETE SET NULL,
      platform text NOT NULL CHECK (platform IN ('PWA', 'IOS', 'ANDROID')),
      endpoint text NOT NULL,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX push_devices_endpoint ON push_devices (endpoint)`.execute(db);
  await sql`CREATE INDEX push_devices_contact ON push_devices (contact_id, platform)`.execute(db);

  // What an administrator sent (the History tab).
  await sql`
    CREATE TABLE broadcasts (
      id text PRIMARY KEY,
      sent_by text REFERENCES users(id) ON DELETE SET NULL,
      title text NOT NULL,
      body text NOT NULL,
      conditionals jsonb NOT NULL,
      recipients integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX broadcasts_created ON broadcasts (created_at)`.execute(db);

  // A message as one recipient (contact) has it: Messages lists these.
  await sql`
    CREATE TABLE notifications (
      id text PRIMARY KEY,
      contact_id text NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      broadcast_id text REFERENCES broadcasts(id) ON DELETE SET NULL,
      type text NOT NULL CHECK (type IN ('Knowledge', 'Machine', 'Case', 'Report')),
      title text NOT NULL,
      body text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      read_at timestamptz,
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX notifications_contact ON notifications (contact_id, created_at)`.execute(
    db,
  );

  // One row per (message, device): what happened to each push, for the History tab. The jobs
  // that send them are pg-boss's (gateway/services/push.ts), in its own schema.
  await sql`
    CREATE TABLE push_deliveries (
      id bigserial PRIMARY KEY,
      broadcast_id text REFERENCES broadcasts(id) ON DELETE CASCADE,
      notification_id text NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
      device_id text REFERENCES push_devices(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      sent_at timestamptz
    )`.execute(db);
  // product §3 remote configuration DealerContactSections, once; operators edit it after.
  const sections = [
    {
      title: 'Dealer Contacts',
      division: null,
      fields: [
        { key: 'name', label: 'Name', kind: 'text' },
        { key: 'email', label: 'Email', kind: 'email' },
        { key: 'phone', label: 'Phone', kind: 'phone' },
        { key: 'division', label: 'Division', kind: 'text' },
      ],
    },
  ];
  await sql`
    INSERT INTO remote_config (key, value) VALUES ('DealerContactSections', ${JSON.stringify(sections)}::jsonb)
    ON CONFLICT (key) DO NOTHING`.execute(db);
  await sql`CREATE INDEX push_deliveries_broadcast ON push_deliveries (broadcast_id, status)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM remote_config WHERE key = 'DealerContactSections'`.execute(db);
  await sql`DROP TABLE IF EXISTS push_deliveries`.execute(db);
  await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
  await sql`DROP TABLE IF EXISTS broadcasts`.execute(db);
  await sql`DROP TABLE IF EXISTS push_devices`.execute(db);
  await sql`DROP INDEX IF EXISTS contacts_contract_series`.execute(db);
  await sql`DROP INDEX IF EXISTS contacts_division`.execute(db);
  await sql`ALTER TABLE contacts DROP COLUMN IF EXISTS contract_series`.execute(db);
  await sql`ALTER TABLE contacts DROP COLUMN IF EXISTS division`.execute(db);
}
