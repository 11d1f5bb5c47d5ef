import { sql, type Kysely } from 'kysely';

// The machine inventory: machines with their owner, servicing dealer and flags, and
// what hangs off a machine: campaigns, warranty policies with their usage limits, claims,
// telematics fault codes and major components. Plus the `cases` table (cases and reports
// per model and serial) that later migrations extend.
// Plain SQL that runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE machines (
      id text PRIMARY KEY,
      serial_number text NOT NULL,
      material_number text NOT NULL,
      pin text NOT NULL,
      imei text,
      servicing_dealer_id text REFERENCES accounts(id),
      description text NOT NULL,
      model_family text NOT NULL,
      customer_id text REFERENCES accounts(id),
      is_stolen boolean NOT NULL DEFAULT false,
      is_pre_owned boolean NOT NULL DEFAULT false,
      is_auction boolean NOT NULL DEFAULT false,
      is_scrapped boolean NOT NULL DEFAULT false,
      is_donated boolean NOT NULL DEFAULT false,
      is_modified boolean NOT NULL DEFAULT false,
      has_ktac boolean NOT NULL DEFAULT false
    )`.execute(db);
  // Lookup by model + serial (the model matched case-insensitively) and the model typeahead
  // (prefix of the model, prefix of the serial): text_pattern_ops serves equality and LIKE 'x%'
  // whatever the database's collation. One machine per model and serial.
  await sql`
    CREATE UNIQUE INDEX machines_model_serial
      ON machines (lower(material_number) text_pattern_ops, serial_number text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX machines_pin ON machines (pin)`.execute(db);
  // A DCU is fitted to one machine at a time.
  await sql`CREATE UNIQUE INDEX machines_imei ON machines (imei) WHERE imei IS NOT NULL`.execute(
    db,
  );
  // The field pack pages one dealer's machines by inventory id (keyset).
  await sql`CREATE INDEX machines_dealer ON machines (servicing_dealer_id, id)`.execute(db);
  await sql`CREATE INDEX machines_customer ON machines (customer_id)`.execute(db);

  await sql`
    CREATE TABLE machine_campaigns (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      machine_id text NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
      campaign_name text NOT NULL,
      campaign_type text NOT NULL,
      campaign_end_date date,
      is_mandatory boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE INDEX machine_campaigns_machine ON machine_campaigns (machine_id)`.execute(db);

  await sql`
    CREATE TABLE machine_policies (
      id text PRIMARY KEY,
      machine_id text NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
      policy_name text NOT NULL,
      policy_type text NOT NULL,
      policy_code text NOT NULL,
      warranty_start_date date NOT NULL,
      warranty_end_date date NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX machine_policies_machine ON machine_policies (machine_id)`.execute(db);

  await sql`
    CREATE TABLE machine_policy_usages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      policy_id text NOT NULL REFERENCES machine_policies(id) ON DELETE CASCADE,
      usage_reading_type text NOT NULL,
      maximum_unit numeric,
      units_of_measure text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX machine_policy_usages_policy ON machine_policy_usages (policy_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE machine_claims (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      machine_id text NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
      claim_number text NOT NULL,
      claim_type text NOT NULL,
      dealer_id text REFERENCES accounts(id),
      date_of_repair date NOT NULL,
      symptom_description text NOT NULL,
      defect_description text NOT NULL,
      causal_part_description text NOT NULL,
      causal_part_number text NOT NULL,
      machine_usage_reading numeric,
      service_campaign text
    )`.execute(db);
  await sql`CREATE INDEX machine_claims_machine ON machine_claims (machine_id)`.execute(db);

  await sql`
    CREATE TABLE machine_fault_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      machine_id text NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
      hr_reading numeric NOT NULL,
      spn integer NOT NULL,
      fmi integer NOT NULL,
      sa integer NOT NULL,
      ep_code text NOT NULL,
      description text NOT NULL,
      severity text NOT NULL CHECK (severity IN ('High', 'Medium', 'Low'))
    )`.execute(db);
  await sql`CREATE INDEX machine_fault_codes_machine ON machine_fault_codes (machine_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE machine_components (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      machine_id text NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
      component_type text NOT NULL,
      description text NOT NULL,
      part_number text NOT NULL,
      serial_number text NOT NULL,
      installed_on date
    )`.execute(db);
  await sql`CREATE INDEX machine_components_machine ON machine_components (machine_id)`.execute(db);

  // Cases and reports (product §3 "Case and report"); later migrations add its columns.
  await sql`
    CREATE TABLE cases (
      id text PRIMARY KEY,
      case_number text NOT NULL UNIQUE,
      record_type text NOT NULL CHECK (record_type IN ('Case', 'Report')),
      subject text NOT NULL,
      status text NOT NULL,
      account_id text REFERENCES accounts(id),
      serial_number text,
      model_number text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Cases and reports per model and serial (the model matched case-insensitively).
  await sql`
    CREATE INDEX cases_machine ON cases (serial_number, lower(model_number), record_type)`.execute(
    db,
  );
  await sql`CREATE INDEX cases_account ON cases (account_id, created_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'cases',
    'machine_components',
    'machine_fault_codes',
    'machine_claims',
    'machine_policy_usages',
    'machine_policies',
    'machine_campaigns',
    'machines',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
