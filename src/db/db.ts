import { Dexie, type EntityTable, type Table } from 'dexie';
import {
  DB_NAME,
  schemaV1,
  type ConfigRow,
  type NotificationRow,
  type ProfileRow,
  type RecentCaseRow,
  type RecentMachineRow,
  type RecentSearchRow,
  type SessionMarkerRow,
} from './schema';

export class TorqueDb extends Dexie {
  profile!: EntityTable<ProfileRow, 'key'>;
  session!: EntityTable<SessionMarkerRow, 'key'>;
  config!: EntityTable<ConfigRow, 'key'>;
  recentMachines!: Table<RecentMachineRow, [string, string, string, string]>;
  recentSearches!: EntityTable<RecentSearchRow, 'id'>;
  recentCases!: Table<RecentCaseRow, [string, string]>;
  notifications!: EntityTable<NotificationRow, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores(schemaV1);
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
