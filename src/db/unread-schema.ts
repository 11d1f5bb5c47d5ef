import type { UnreadCase } from '../../contract/case-reads';

/** When this user opened a case on this device (epoch ms): it clears what was unread before. */
export interface CaseReadRow {
  ownerUserId: string;
  caseId: string;
  readAt: number;
}

/** The gateway's unread cases for this user as last fetched, with when they were fetched. */
export interface UnreadCasesRow {
  ownerUserId: string;
  /** Every unread case of the user's list, as the gateway counted them. */
  count: number;
  cases: UnreadCase[];
  syncedAt: number;
}

/** Version 11: unread replies (what was opened here, what the gateway counts unread). */
export const schemaV11 = {
  caseReads: '[ownerUserId+caseId]',
  unreadCases: 'ownerUserId',
} as const;
