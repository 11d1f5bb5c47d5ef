import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PartsCombination } from '../../contract/predictions';

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
  /** product §3 Notification (dashboard) filter Division__c (added by 0009). */
  division?: string | null;
  /** Contract_Series__c, a multi-select: stored upper case (added by 0009). */
  contract_series?: ColumnType<string[], string[] | undefined, string[]>;
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

/** A per-user request limit's current window (gateway/services/request-counts.ts). */
export interface RequestCountsTable {
  key: string;
  window_start: Date;
  count: number;
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

/**
 * The machine inventory. The core columns other areas rely on (DCU pairing, cases)
 * are fixed here; the machines migration adds the rest and may extend this type.
 */
export interface MachinesTable {
  /** The inventory id (product §3 inventoryId). */
  id: string;
  serial_number: string;
  /** The model (materialNumber). */
  material_number: string;
  /** Product identification number, 17 characters, ends with the serial. */
  pin: string;
  /** The paired DCU's IMEI; null when no telematics unit is fitted. */
  imei: string | null;
  servicing_dealer_id: string | null;
  /** Factory item description, e.g. 'M7-172 Premium KVT Tractor'. */
  description: string;
  /** StockIconMap key, e.g. 'Tractor'. */
  model_family: string;
  /** The owner: an account of record type Customer. */
  customer_id: string | null;
  is_stolen: Generated<boolean>;
  is_pre_owned: Generated<boolean>;
  is_auction: Generated<boolean>;
  is_scrapped: Generated<boolean>;
  is_donated: Generated<boolean>;
  is_modified: Generated<boolean>;
  has_ktac: Generated<boolean>;
}

/** date columns are read as text (to_char / JSON) by the services, written as 'YYYY-MM-DD'. */
type DateText = ColumnType<string, string, string>;
/** numeric: pg returns a string; written as a number. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface MachineCampaignsTable {
  id: Generated<string>;
  machine_id: string;
  campaign_name: string;
  campaign_type: string;
  campaign_end_date: DateText | null;
  is_mandatory: boolean;
}

export interface MachinePoliciesTable {
  id: string;
  machine_id: string;
  policy_name: string;
  policy_type: string;
  policy_code: string;
  warranty_start_date: DateText;
  warranty_end_date: DateText;
}

export interface MachinePolicyUsagesTable {
  id: Generated<string>;
  policy_id: string;
  usage_reading_type: string;
  maximum_unit: Numeric | null;
  units_of_measure: string;
}

export interface MachineClaimsTable {
  id: Generated<string>;
  machine_id: string;
  claim_number: string;
  claim_type: string;
  /** The dealer that filed the claim. */
  dealer_id: string | null;
  date_of_repair: DateText;
  symptom_description: string;
  defect_description: string;
  causal_part_description: string;
  causal_part_number: string;
  machine_usage_reading: Numeric | null;
  service_campaign: string | null;
  /** The parts the repair used: [{ partNumber, description, quantity }]. */
  parts: ColumnType<ClaimPartJson[], string | undefined, string>;
  /** The repair's labour in hours; null when not recorded. */
  labour_hours: Numeric | null;
}

export interface ClaimPartJson {
  partNumber: string;
  description: string;
  quantity: number;
}

export interface MachineFaultCodesTable {
  id: Generated<string>;
  machine_id: string;
  hr_reading: Numeric;
  spn: number;
  fmi: number;
  sa: number;
  ep_code: string;
  description: string;
  severity: 'High' | 'Medium' | 'Low';
}

export interface MachineComponentsTable {
  id: Generated<string>;
  machine_id: string;
  component_type: string;
  description: string;
  part_number: string;
  serial_number: string;
  installed_on: DateText | null;
}

/** Cases and reports (product §3); later migrations extend this table. */
export interface CasesTable {
  id: string;
  case_number: string;
  record_type: 'Case' | 'Report';
  subject: string;
  status: string;
  /** The dealer organisation that owns the record (external users see their own only). */
  account_id: string | null;
  serial_number: string | null;
  model_number: string | null;
  created_at: DefaultedTimestamp;
  /** The rest of the creation list (0008). */
  record_type_id: string | null;
  origin: string | null;
  inventory_id: string | null;
  contact_id: string | null;
  /** The user who raised it (an internal user's list: submitted or owned). */
  submitted_by: string | null;
  /** The support agent working it. */
  owner_id: string | null;
  /** The newest feed entry's time and author (null: the TSC), kept by a trigger (0020). */
  last_entry_at: Date | null;
  last_entry_author_id: string | null;
  /** The newest feed entry by anyone but `last_entry_author_id` (0020). */
  other_entry_at: Date | null;
  description: string | null;
  dtc_codes: string | null;
  pin: string | null;
  imei: string | null;
  failure_date: DateText | null;
  probable_cause: string | null;
  assembly: string | null;
  sub_assembly: string | null;
  causal_part_number: string | null;
  causal_part_name: string | null;
  engine_hours: Numeric | null;
  engine_usage_reading: Numeric | null;
  work_order: string | null;
  implement_name: string | null;
  implement_sn: string | null;
  symptom: string | null;
  defect: string | null;
  remedy: string | null;
  troubleshooting: string | null;
  operating_conditions: string | null;
  terrain: string | null;
  terrain_remarks: string | null;
  ground_cover: string | null;
  ground_cover_remarks: string | null;
  ambient_conditions: string | null;
  ambient_remarks: string | null;
  fuel_level: Numeric | null;
  last_service_at: Timestamp | null;
  failure_time: string | null;
  repair_cost_estimate: Numeric | null;
  site_contact_phone: string | null;
  site_contact_email: string | null;
  failure_video_url: string | null;
  updated_at: DefaultedTimestamp;
}

export interface CaseRecordTypesTable {
  id: string;
  kind: 'Case' | 'Report';
  name: string;
}

/** Layout sections and picklists of a record type, as the contract shapes them. */
export interface CaseLayoutsTable {
  record_type_id: string;
  sections: Json;
  picklists: Json;
}

/** product §3 Feed item. */
export interface CaseFeedItemsTable {
  id: string;
  case_id: string;
  body: string;
  channel: string;
  type: string;
  title: string;
  name: string;
  author_id: string | null;
  author_name: string | null;
  created_at: DefaultedTimestamp;
}

/** When a user last opened a case (0019): newer entries from anyone else are unread. */
export interface CaseReadsTable {
  user_id: string;
  case_id: string;
  read_at: Date;
}

/** File bytes, once per content; the thumbnail is a small WebP of an image (JPEG if drawn before WebP). */
export interface CaseBlobsTable {
  sha256: string;
  bytes: Buffer;
  thumbnail: Buffer | null;
}

/** product §3 File version and Feed attachment (feed_item_id once an update names it). */
export interface CaseFilesTable {
  id: string;
  case_id: string;
  feed_item_id: string | null;
  name: string;
  content_type: string;
  extension: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  uploaded_by: string | null;
  created_at: DefaultedTimestamp;
}

/** A telematics unit (DCU) as the telematics service knows it (product §3 DCU pairing). */
export interface DcuUnitsTable {
  imei: string;
  /** The DCU part number (product.md "type"). */
  part_number: string;
  /** The unit's last report (last_report.server_time); null when it never reported. */
  last_report_at: Timestamp | null;
}

/** One committed pairing (history); the current pairing is machines.imei. */
export interface DcuPairingsTable {
  id: string;
  imei: string;
  machine_id: string;
  /** Null for pairings that predate Torque (seeded, imported). */
  paired_by: string | null;
  paired_at: DefaultedTimestamp;
  dcu_part_number: string;
  /** Engine hours as entered (product §5: digits with an optional decimal part). */
  usage_hours: string | null;
  pin: ColumnType<string, string | undefined, string>;
}

/** Knowledge: an article, manual or bulletin the gateway searches. */
export interface KnowledgeDocumentsTable {
  /** The unique id: KA-000123 (articles), MAN-... (manuals), BUL-... / SB-... (bulletins). */
  id: string;
  title: string;
  /** As stored; sanitised on every read (routes may not trust the table). */
  body_html: string;
  /** Plain text of the body: what is searched and highlighted. */
  body_text: string;
  excerpt: string;
  document_type: 'Article' | 'Manual' | 'Campaign Bulletin' | 'Service Bulletin';
  /** 'html' for articles and bulletins, 'pdf' for manuals. */
  file_type: string;
  category_level1: string;
  category_level2: string;
  category_level3: string;
  category_level4: string;
  /** Model family (machines.model_family); null for documents of every product. */
  commonproduct: string | null;
  manual_section:
    'Workshop Manuals' | "Operator's / Owner's Manual" | 'Assembly Instructions' | 'Other' | null;
  campaign_name: string | null;
  updated_at: DefaultedTimestamp;
  /** Generated (tsvector): never written. */
  search: ColumnType<string, never, never>;
}

/** A file of a knowledge document, served by GET /api/v1/files/:id. */
export interface KnowledgeFilesTable {
  id: string;
  document_id: string;
  position: ColumnType<number, number | undefined, number>;
  title: string;
  /** Lower-case extension: pdf, png. */
  file_type: string;
  content_type: string;
  size: number;
  bytes: Buffer;
  /** Hex sha256 of bytes: the ETag. */
  sha256: string;
}

/** The narrow copy knowledge search reads (0007), written by a trigger only. */
export interface KnowledgeSearchTable {
  id: string;
  document_type: KnowledgeDocumentsTable['document_type'];
  commonproduct: string | null;
  updated_at: Date;
  title: string;
  search: string;
  /** The CRM's own items (file type SalesforceItem): never suggested by case assist (0010). */
  crm_item: ColumnType<boolean, never, never>;
  /** The title vector and its family's token (0013): case assist's candidate match. */
  title_scope: ColumnType<string, never, never>;
}

export interface KnowledgeVocabularyTable {
  word: string;
  ndoc: number;
}

/** A push subscription of one device (product §7 RegisterDevice). */
export interface PushDevicesTable {
  id: string;
  user_id: string;
  contact_id: string | null;
  platform: 'PWA' | 'IOS' | 'ANDROID';
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The session that registered it (sessions.id); its sign-out removes the device. */
  session_id: string | null;
  created_at: DefaultedTimestamp;
}

/** One send from the Notification dashboard (its History tab). */
export interface BroadcastsTable {
  id: string;
  sent_by: string | null;
  title: string;
  body: string;
  conditionals: Json;
  recipients: number;
  created_at: DefaultedTimestamp;
}

/** A message as one recipient has it (product §3 Notification (list)). */
export interface NotificationsTable {
  id: string;
  contact_id: string;
  broadcast_id: string | null;
  type: 'Knowledge' | 'Machine' | 'Case' | 'Report';
  title: string;
  body: string;
  data: Json<Record<string, string>>;
  created_at: DefaultedTimestamp;
  delivered_at: Timestamp | null;
  read_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

/** One push of one message to one device, and what became of it (pg-boss sends it). */
type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface PushDeliveriesTable {
  id: Generated<string>;
  broadcast_id: string | null;
  notification_id: string;
  device_id: string | null;
  /** sending: claimed by one gateway copy (claimed_by, claimed_at), request on its way. */
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  sent_at: Timestamp | null;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
}

/** A model's DTC values (GetDTCValues), for the wizard's step 1 typeahead. */
export interface ModelDtcCodesTable {
  model_number: string;
  code: string;
  description: string | null;
}

/** KPAD_Book_Id__c of a model: book ids as the warranty system keeps them, pipe-separated. */
export interface ModelBookIdsTable {
  model_number: string;
  book_ids: string;
}

/** One parts book's assembly tree (contract Assembly[]), keyed by the rewritten book id. */
export interface PartsBooksTable {
  book_id: string;
  assemblies: Json;
}

/** A case-assist analytics event of the wizard (product §4 Wizard). */
export interface CaseAssistEventsTable {
  user_id: string;
  id: string;
  wizard_id: string;
  type: string;
  occurred_at: Timestamp;
  recorded_at: DefaultedTimestamp;
  record_type: string;
  subject: string;
  serial_number: string | null;
  model_number: string | null;
  dtc_code: string | null;
  business_unit: string;
  stage: string | null;
  field: string | null;
  reason: string | null;
  article_id: string | null;
  case_id: string | null;
}

/** product §3 Parts prediction: a prediction record (added by 0018). */
export interface PredictionsTable {
  /** A UUID. */
  id: string;
  /** PPD-000042. */
  name: string;
  model_number: string;
  serial_number: string;
  machine_id: string | null;
  symptom: string;
  /** The gateway's ranking, for a prediction made offline too. */
  combinations: Json<PartsCombination[]>;
  /** Made offline: what the device showed the technician (0021); never the record's answer. */
  device_combinations: Json<PartsCombination[]> | null;
  ranked_on: 'gateway' | 'device';
  case_id: string | null;
  user_id: string | null;
  created_by_name: string;
  /** The organisation the record belongs to: its user's account. */
  account_id: string | null;
  created_at: DefaultedTimestamp;
  /** Where the causal part stood among the answers, once known (0022); null until then. */
  outcome: PredictionOutcome | null;
  /** The causal part that settled it. */
  outcome_part: string | null;
  /** What told it: the linked case closed, or a claim for the same machine. */
  outcome_source: 'case' | 'claim' | null;
  outcome_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Hit in the top 1, 3 or 5 answers (the smallest that holds), or none of them. */
export type PredictionOutcome = 'hit1' | 'hit3' | 'hit5' | 'miss';

export interface Database {
  accounts: AccountsTable;
  contacts: ContactsTable;
  users: UsersTable;
  sessions: SessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  request_counts: RequestCountsTable;
  used_id_tokens: UsedIdTokensTable;
  oidc_store: OidcStoreTable;
  remote_config: RemoteConfigTable;
  signing_keys: SigningKeysTable;
  machines: MachinesTable;
  machine_campaigns: MachineCampaignsTable;
  machine_policies: MachinePoliciesTable;
  machine_policy_usages: MachinePolicyUsagesTable;
  machine_claims: MachineClaimsTable;
  machine_fault_codes: MachineFaultCodesTable;
  machine_components: MachineComponentsTable;
  cases: CasesTable;
  case_record_types: CaseRecordTypesTable;
  case_layouts: CaseLayoutsTable;
  case_feed_items: CaseFeedItemsTable;
  case_reads: CaseReadsTable;
  case_blobs: CaseBlobsTable;
  case_files: CaseFilesTable;
  dcu_units: DcuUnitsTable;
  dcu_pairings: DcuPairingsTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_files: KnowledgeFilesTable;
  knowledge_vocabulary: KnowledgeVocabularyTable;
  knowledge_search: KnowledgeSearchTable;
  push_devices: PushDevicesTable;
  broadcasts: BroadcastsTable;
  notifications: NotificationsTable;
  push_deliveries: PushDeliveriesTable;
  model_dtc_codes: ModelDtcCodesTable;
  model_book_ids: ModelBookIdsTable;
  parts_books: PartsBooksTable;
  case_assist_events: CaseAssistEventsTable;
  predictions: PredictionsTable;
  change_log: ChangeLogTable;
}

/** Written by triggers only (0021): one row per record a transaction changed. */
export interface ChangeLogTable {
  seq: Generated<string>;
  /** xid8, as text. */
  txid: Generated<string>;
  area: string;
  record_id: string;
  scope: string | null;
  at: DefaultedTimestamp;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type NewContact = Insertable<ContactsTable>;
export type NewUser = Insertable<UsersTable>;
