import type {
  Article,
  BulletinsResponse,
  KnowledgeSearchResponse,
  ManualsResponse,
} from '../../contract/knowledge';
import type { CaseDetail, CaseListRow, FeedItem, LayoutResponse } from '../../contract/cases';
import type { DealerContacts } from '../../contract/notifications';
import { schemaV11 } from './unread-schema';
import type {
  Calibration,
  ModelEvidence,
  Prediction,
  PredictionSummary,
} from '../../contract/predictions';
import type {
  CaseSummary,
  MachineDetail,
  MachineListItem,
  RemoteConfig,
  User,
} from '../../contract';

/**
 * The local tables. Every row that belongs to a user carries `ownerUserId`, so two people
 * sharing a device never see each other's history, and the outbox binds pending writes to
 * their owner. A new table goes into a new version below and into `schema` at the end; Dexie
 * compares `schema` with whatever version a device has and adds what is missing. A change that
 * must rewrite rows needs its version declared with an upgrade function in db.ts.
 */

/** The signed-in user, keyed 'me' (one row). */
export interface ProfileRow {
  key: 'me';
  user: User;
  syncedAt: number;
}

/**
 * Local proof of a gateway session, so the guard can let a signed-in user in offline.
 * The cookie itself is httpOnly; this only mirrors its expiry.
 */
export interface SessionMarkerRow {
  key: 'current';
  userId: string;
  /** Epoch ms the gateway session ends unless renewed. */
  expiresAt: number;
}

/** Remote configuration, cached so the Call TSC number and links work offline. */
export interface ConfigRow {
  key: 'remote';
  config: RemoteConfig;
  syncedAt: number;
}

export interface RecentMachineRow {
  ownerUserId: string;
  serial: string;
  model: string;
  owner: string;
  isStolen: boolean;
  viewedAt: number;
}

export interface RecentSearchRow {
  id?: number;
  ownerUserId: string;
  term: string;
  category: string;
  searchedAt: number;
}

export interface RecentCaseRow {
  ownerUserId: string;
  id: string;
  subject: string;
  referenceNumber: string;
  status: string;
  viewedAt: number;
  /** The machine and the last activity, for the row (absent on rows kept before they were). */
  modelNumber?: string | null;
  serialNumber?: string | null;
  /** ISO date-time of the newest of creation, last update and newest feed entry. */
  lastActivityAt?: string;
}

export type NotificationType = 'Knowledge' | 'Machine' | 'Case' | 'Report';

export interface NotificationRow {
  id: string;
  ownerUserId: string;
  type: NotificationType;
  title: string;
  body: string;
  receivedAt: number;
  delivered?: boolean;
  /** Opened by its recipient (product §2 Messages marks unread ones). */
  read?: boolean;
  /** Case or Report: the record the message is about. */
  recordId?: string;
  knowledgeCategory?: string;
  searchTerm?: string;
  modelNumber?: string;
  serialNumber?: string;
  /** Deleted by the user, who may still undo it: hidden, and removed once the time is up. */
  deletingAt?: number;
}

/** Where a queued write is (docs/architecture.md "The outbox and replay", product §4). */
export type OutboxStatus =
  'pending' | 'sending' | 'done' | 'retry' | 'needs-attention' | 'waiting-for-sign-in';

/** The kinds of queued write; src/sync/write-kinds.ts says how each is sent. */
export type OutboxKind =
  | 'dcu-pairing'
  | 'case-file'
  | 'case-feed-item'
  | 'case-close'
  | 'notification-delete'
  | 'contact-create'
  | 'case-create'
  | 'prediction-create'
  | 'prediction-link'
  | 'case-read';

export interface OutboxError {
  /** HTTP status; absent for network failures. */
  status?: number;
  message: string;
  errorCode?: string;
  /** The gateway's X-Request-Id of the failed answer: how support finds it in the logs. */
  requestId?: string;
}

/**
 * One queued write. `id` is the client id, sent as Idempotency-Key. Writes of one owner are
 * sent in `createdAt` order; `dependsOn` names earlier entries whose server answer this one
 * needs (its payload refers to them by their temporary ids, filled in before sending).
 */
export interface OutboxRow {
  id: string;
  ownerUserId: string;
  kind: OutboxKind;
  payload: unknown;
  /** What the write is, for people: "Pair DCU 35… with M7-172 12345". */
  summary: string;
  status: OutboxStatus;
  attempts: number;
  lastError?: OutboxError;
  dependsOn: string[];
  /** Set on the entry a dependant refers to: the server id that replaces its temporary id. */
  serverId?: string;
  /** The gateway's answer once done. */
  result?: unknown;
  createdAt: number;
  updatedAt: number;
  /** Epoch ms before which a retry is not attempted (back-off). */
  nextAttemptAt: number;
  /**
   * Discarded by the user, who may still undo it: hidden, never sent meanwhile, and removed
   * once the time is up.
   */
  discardingAt?: number;
}

/** A machine's details as last fetched, so the detail screen opens offline. */
export interface MachineRow {
  ownerUserId: string;
  inventoryId: string;
  serial: string;
  model: string;
  pin: string;
  /** Servicing dealer (for "Prepare for the field" per dealer). */
  dealerId: string | null;
  detail: MachineDetail;
  syncedAt: number;
}

/** Cases (and, for internal users, reports) of one machine, as last fetched. */
export interface MachineRecordsRow {
  ownerUserId: string;
  /** `${model}|${serial}`. */
  machineKey: string;
  cases: CaseSummary[];
  /** Null for external users (product §6: no Reports tab). */
  reports: CaseSummary[] | null;
  syncedAt: number;
}

/** A machine list (customer search results) as last fetched, keyed by its query string. */
export interface MachineListRow {
  ownerUserId: string;
  query: string;
  machines: MachineListItem[];
  truncated: boolean;
  syncedAt: number;
}

/** When an area was last refreshed for a user ("Last updated ..." and the Offline & sync page). */
export interface SyncStateRow {
  ownerUserId: string;
  /** e.g. 'machines', 'field-pack', 'config'. */
  area: string;
  syncedAt: number;
  /** Free detail for the page, e.g. "412 machines of Northfield Equipment". */
  detail?: string;
  /** For an area kept by the change feed: the gateway's cursor its rows are current to. */
  cursor?: string;
}

/**
 * Knowledge answers as last fetched, one row per question: a search page
 * (`search|{tab}|{term, lower case}|{page}`), a model family's manuals (`manuals|{model}`) or a
 * campaign's bulletins (`bulletins|{campaign}`). `savedAt` marks rows the user saved for
 * offline on purpose; clean-ups keep those.
 */
export type KnowledgeResultsRow = {
  ownerUserId: string;
  key: string;
  syncedAt: number;
  savedAt?: number;
} & (
  | { kind: 'search'; response: KnowledgeSearchResponse }
  | { kind: 'manuals'; response: ManualsResponse }
  | { kind: 'bulletins'; response: BulletinsResponse }
);

/** An opened (or saved) article: what the article view and the offline index read. */
export interface ArticleRow {
  ownerUserId: string;
  uniqueId: string;
  article: Article;
  syncedAt: number;
  viewedAt: number;
  savedAt?: number;
}

/** An attachment's bytes kept on the device, so it opens offline. `id` is the attachment id. */
export interface FileRow {
  ownerUserId: string;
  id: string;
  title: string;
  contentType: string;
  blob: Blob;
  savedAt: number;
}

export const DB_NAME = 'torque';

/** Version 1: the skeleton's tables. */
export const schemaV1 = {
  profile: 'key',
  session: 'key',
  config: 'key',
  // Deduplicated by serial, model and owner (product §3), per signed-in user.
  recentMachines: '[ownerUserId+serial+model+owner], [ownerUserId+viewedAt]',
  recentSearches: '++id, [ownerUserId+searchedAt]',
  recentCases: '[ownerUserId+id], [ownerUserId+viewedAt]',
  notifications: 'id, [ownerUserId+receivedAt]',
} as const;

/** Version 2: the outbox and the machine tables of the offline engine. */
export const schemaV2 = {
  ...schemaV1,
  outbox: 'id, [ownerUserId+createdAt], status',
  machines:
    '[ownerUserId+inventoryId], [ownerUserId+model+serial], [ownerUserId+pin], [ownerUserId+dealerId]',
  machineRecords: '[ownerUserId+machineKey]',
  machineLists: '[ownerUserId+query]',
  syncState: '[ownerUserId+area]',
} as const;

/** Version 3: knowledge answers, articles and attachment files. */
export const schemaV3 = {
  ...schemaV2,
  knowledgeResults: '[ownerUserId+key], [ownerUserId+syncedAt]',
  articles: '[ownerUserId+uniqueId], [ownerUserId+viewedAt]',
  files: '[ownerUserId+id]',
} as const;

/** A case or report as last fetched (product §2 Case detail), so it opens offline. */
export interface CaseRow {
  ownerUserId: string;
  id: string;
  detail: CaseDetail;
  syncedAt: number;
}

/** A case's feed, oldest first, as last fetched. */
export interface CaseFeedRow {
  ownerUserId: string;
  caseId: string;
  items: FeedItem[];
  syncedAt: number;
}

/**
 * A case list as last fetched: the dealer's list (`dealer`) or an organisation's Case History
 * (`org|{orgId}`). `complete` is false while later pages are still being fetched.
 */
export interface CaseListStoreRow {
  ownerUserId: string;
  key: string;
  cases: CaseListRow[];
  total: number;
  complete: boolean;
  syncedAt: number;
}

/** An image attachment's thumbnail kept on the device, so the grid shows offline. */
export interface CaseImageRow {
  ownerUserId: string;
  /** The file id. */
  id: string;
  caseId: string;
  blob: Blob;
  savedAt: number;
}

/** A record type's layout (Additional Details), so it renders offline. */
export interface CaseLayoutRow {
  ownerUserId: string;
  recordTypeId: string;
  layout: LayoutResponse;
  syncedAt: number;
}

/** Version 4: cases, their feeds, case lists, image thumbnails and layouts. */
export const schemaV4 = {
  ...schemaV3,
  cases: '[ownerUserId+id], [ownerUserId+syncedAt]',
  caseFeeds: '[ownerUserId+caseId]',
  caseLists: '[ownerUserId+key]',
  caseImages: '[ownerUserId+id], [ownerUserId+caseId]',
  caseLayouts: '[ownerUserId+recordTypeId]',
} as const;

/** A dealer's contacts as last fetched (product §2 Dealer Contacts), so they open offline. */
export interface DealerContactsRow {
  ownerUserId: string;
  /** The dealer's account id; '' for "my own dealer". */
  dealerId: string;
  contacts: DealerContacts;
  syncedAt: number;
}

/** Version 5: dealer contacts. */
export const schemaV5 = {
  ...schemaV4,
  dealerContacts: '[ownerUserId+dealerId]',
} as const;

/**
 * A half-filled create case / report wizard (product §2 wizard, Differs: kept as a draft), per
 * user: every value typed so far, the chosen articles and the photos as Blobs. It survives a
 * reload, the browser closing and session expiry; it goes once the case is queued or discarded.
 */
export interface CaseDraftRow {
  ownerUserId: string;
  id: string;
  flow: 'case' | 'report' | 'prediction';
  serial: string;
  model: string;
  pin: string;
  subject: string;
  /** The wizard's state as the screen keeps it (its shape is the screen's). */
  state: unknown;
  updatedAt: number;
  /** Discarded by the user, who may still undo it: hidden, and removed once the time is up. */
  discardingAt?: number;
}

/**
 * Version 6: wizard drafts. Dexie keeps every table a later version does not name, so this
 * only adds the new one.
 */
export const schemaV6 = {
  caseDrafts: '[ownerUserId+id], [ownerUserId+updatedAt], [ownerUserId+serial+model]',
} as const;

/**
 * What the wizard needs without signal, as last fetched (product §4 Offline-first): a record
 * type's picklists (`picklists|{recordTypeId}`), a model's DTC values (`dtc|{model}`) and its
 * parts catalogue (`parts|{model}`). The value is the gateway's answer, checked against its
 * contract schema again when read.
 */
export interface WizardLookupRow {
  ownerUserId: string;
  key: string;
  value: unknown;
  syncedAt: number;
}

/** Version 7: the wizard's lookups kept for offline use. */
export const schemaV7 = {
  wizardLookups: '[ownerUserId+key]',
} as const;

/**
 * What the user typed into a case's "Post an update" and has not saved yet, per user and case:
 * it is there again when the case is opened again, and goes once the update is queued.
 */
export interface UpdateDraftRow {
  ownerUserId: string;
  caseId: string;
  text: string;
  updatedAt: number;
}

/** Version 8: "Post an update" drafts. */
export const schemaV8 = {
  updateDrafts: '[ownerUserId+caseId]',
} as const;

/**
 * A parts prediction as last fetched or as made on this device. `id` is the server id, or the
 * outbox entry's id while a prediction made offline waits to be sent (`pending`).
 */
export interface PredictionRow {
  ownerUserId: string;
  id: string;
  prediction: Prediction;
  pending: boolean;
  syncedAt: number;
}

/** The user's Prediction History as last fetched, newest first. */
export interface PredictionListRow {
  ownerUserId: string;
  key: 'mine';
  predictions: PredictionSummary[];
  syncedAt: number;
}

/**
 * What one model's claims teach the engine, kept for ranking offline ("Prepare for the field"):
 * statistics, not the claims (docs/predictions.md). With the gateway's calibration and its
 * count of claims, so the device's probabilities and term weights mean what the gateway's do.
 * A row kept in the older shape (every claim, no `evidence`) is not ranked over.
 */
export interface PredictionClaimsRow {
  ownerUserId: string;
  model: string;
  /** null: asked for, and the gateway has no claims of it. */
  evidence: ModelEvidence | null;
  /** Every claim the gateway learned from. */
  gatewayClaims: number;
  calibration: Calibration;
  etag: string | null;
  syncedAt: number;
}

/** Version 9: parts predictions and the claims they are ranked over offline. */
export const schemaV9 = {
  predictions: '[ownerUserId+id], [ownerUserId+prediction.caseId]',
  predictionLists: '[ownerUserId+key]',
  predictionClaims: '[ownerUserId+model]',
} as const;

/**
 * Files shared into the app from another app (Web Share Target), kept by the service worker
 * until the user says where they go. Not per user: the worker takes them before anyone is
 * asked to sign in; the share screen, behind sign-in, hands them on and removes them.
 */
export interface SharedFilesRow {
  id: string;
  files: { name: string; type: string; blob: Blob }[];
  sharedAt: number;
}

/** Version 10: files shared into the app. */
export const schemaV10 = {
  sharedFiles: 'id, sharedAt',
} as const;

/** The version the declared schema opens the database at: raised with every change to it. */
export const SCHEMA_VERSION = 11;
/** Every table of every version: the one schema db.ts declares. */
export const schema = {
  ...schemaV5,
  ...schemaV6,
  ...schemaV7,
  ...schemaV8,
  ...schemaV9,
  ...schemaV10,
  ...schemaV11,
} as const;
