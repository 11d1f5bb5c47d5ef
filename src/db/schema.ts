import type { RemoteConfig, User } from '../../contract';

/**
 * The local tables. Every row that belongs to a user carries `ownerUserId`, so two people
 * sharing a device never see each other's history (and the next issue's outbox can bind
 * pending writes to their owner). Keep old versions when adding tables: Dexie upgrades
 * step by step from whatever version a device has.
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
  knowledgeCategory?: string;
  searchTerm?: string;
  modelNumber?: string;
  serialNumber?: string;
}

export const DB_NAME = 'torque';

/** Version 1. The next issue adds `outbox` (and friends) as version 2 beside this. */
export const schemaV1 = {
  profile: 'key',
  session: 'key',
  config: 'key',
  // Deduplicated by serial, model and owner (SPEC §3), per signed-in user.
  recentMachines: '[ownerUserId+serial+model+owner], [ownerUserId+viewedAt]',
  recentSearches: '++id, [ownerUserId+searchedAt]',
  recentCases: '[ownerUserId+id], [ownerUserId+viewedAt]',
  notifications: 'id, [ownerUserId+receivedAt]',
} as const;
