import { Dexie, type EntityTable, type Table } from 'dexie';
import {
  DB_NAME,
  schema,
  SCHEMA_VERSION,
  type DealerContactsRow,
  type WizardLookupRow,
  type UpdateDraftRow,
  type PredictionRow,
  type PredictionListRow,
  type PredictionClaimsRow,
  type CaseDraftRow,
  type CaseFeedRow,
  type CaseImageRow,
  type CaseLayoutRow,
  type CaseListStoreRow,
  type CaseRow,
  type ArticleRow,
  type FileRow,
  type KnowledgeResultsRow,
  type ConfigRow,
  type MachineListRow,
  type MachineRecordsRow,
  type MachineRow,
  type OutboxRow,
  type SyncStateRow,
  type NotificationRow,
  type ProfileRow,
  type RecentCaseRow,
  type RecentMachineRow,
  type RecentSearchRow,
  type SessionMarkerRow,
  type SharedFilesRow,
} from './schema';
import type { CaseReadRow, UnreadCasesRow } from './unread-schema';

export class TorqueDb extends Dexie {
  profile!: EntityTable<ProfileRow, 'key'>;
  session!: EntityTable<SessionMarkerRow, 'key'>;
  config!: EntityTable<ConfigRow, 'key'>;
  recentMachines!: Table<RecentMachineRow, [string, string, string, string]>;
  recentSearches!: EntityTable<RecentSearchRow, 'id'>;
  recentCases!: Table<RecentCaseRow, [string, string]>;
  notifications!: EntityTable<NotificationRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  machines!: Table<MachineRow, [string, string]>;
  machineRecords!: Table<MachineRecordsRow, [string, string]>;
  machineLists!: Table<MachineListRow, [string, string]>;
  syncState!: Table<SyncStateRow, [string, string]>;
  knowledgeResults!: Table<KnowledgeResultsRow, [string, string]>;
  articles!: Table<ArticleRow, [string, string]>;
  files!: Table<FileRow, [string, string]>;
  cases!: Table<CaseRow, [string, string]>;
  caseFeeds!: Table<CaseFeedRow, [string, string]>;
  caseLists!: Table<CaseListStoreRow, [string, string]>;
  caseImages!: Table<CaseImageRow, [string, string]>;
  caseLayouts!: Table<CaseLayoutRow, [string, string]>;
  dealerContacts!: Table<DealerContactsRow, [string, string]>;
  caseDrafts!: Table<CaseDraftRow, [string, string]>;
  wizardLookups!: Table<WizardLookupRow, [string, string]>;
  updateDrafts!: Table<UpdateDraftRow, [string, string]>;
  predictions!: Table<PredictionRow, [string, string]>;
  predictionLists!: Table<PredictionListRow, [string, string]>;
  predictionClaims!: Table<PredictionClaimsRow, [string, string]>;
  sharedFiles!: EntityTable<SharedFilesRow, 'id'>;
  caseReads!: Table<CaseReadRow, [string, string]>;
  unreadCases!: EntityTable<UnreadCasesRow, 'ownerUserId'>;

  constructor(name = DB_NAME) {
    super(name);
    // Only the newest schema is declared: with no upgrade functions, Dexie diffs it against the
    // version on disk by itself, and every declared version costs its parsing on each start.
    this.version(SCHEMA_VERSION).stores(schema);
  }
}

/** The one instance the app uses. */
export const db = new TorqueDb();

/** Index bounds for "all rows of one user", newest first via `.reverse()`. */
export function ownerRange(userId: string): [[string, unknown], [string, unknown]] {
  return [
    [userId, Dexie.minKey],
    [userId, Dexie.maxKey],
  ];
}
