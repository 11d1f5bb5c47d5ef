import {
  closeCaseResponseSchema,
  postFeedItemResponseSchema,
  uploadedFileSchema,
} from '../../contract/cases';
import { casePaths } from '../api/cases';
import type { TorqueDb } from '../db/db';
import type { WriteKind } from './write-kinds';

/*
 * The three writes of a case update (product §4 Cases, docs/product.md offline-first): each photo or
 * file, then the feed item that names them, then the close. Each is its own outbox entry with
 * its own Idempotency-Key, so an upload cut off half-way is sent again without a second copy.
 */

/** One file of an update; the Blob stays in IndexedDB until the gateway has it. */
export interface CaseFilePayload {
  caseId: string;
  name: string;
  type: string;
  blob: Blob;
}

/** The feed item; `fileIds` are the file entries' ids until they are sent, then server ids. */
export interface CaseFeedItemPayload {
  caseId: string;
  body: string;
  fileIds: string[];
}

export interface CaseClosePayload {
  caseId: string;
}

/** Adds the gateway's feed item to the stored feed (the pending copy then disappears). */
async function storeFeedItem(database: TorqueDb, ownerUserId: string, result: unknown) {
  const { item, status } = postFeedItemResponseSchema.parse(result);
  await database.transaction('rw', database.caseFeeds, database.cases, async () => {
    const feed = await database.caseFeeds.get([ownerUserId, item.caseId]);
    if (feed && !feed.items.some((i) => i.id === item.id)) {
      await database.caseFeeds.put({ ...feed, items: [...feed.items, item] });
    }
    const row = await database.cases.get([ownerUserId, item.caseId]);
    if (row) await database.cases.put({ ...row, detail: { ...row.detail, status } });
  });
}

async function storeClose(database: TorqueDb, ownerUserId: string, result: unknown) {
  const closed = closeCaseResponseSchema.parse(result);
  await database.transaction('rw', database.cases, database.recentCases, async () => {
    const row = await database.cases.get([ownerUserId, closed.id]);
    if (row) {
      await database.cases.put({
        ...row,
        detail: {
          ...row.detail,
          status: closed.status,
          updatedAt: closed.updatedAt,
          isClosed: true,
        },
      });
    }
    const recent = await database.recentCases.get([ownerUserId, closed.id]);
    if (recent) await database.recentCases.put({ ...recent, status: closed.status });
  });
}

export const caseWriteKinds = {
  'case-file': {
    method: 'POST',
    path: (payload) => casePaths.files((payload as CaseFilePayload).caseId),
    body: (payload) => {
      const p = payload as CaseFilePayload;
      const form = new FormData();
      form.append('file', p.blob, p.name);
      return form;
    },
    serverId: (result) => uploadedFileSchema.safeParse(result).data?.id,
  },
  'case-feed-item': {
    method: 'POST',
    path: (payload) => casePaths.feed((payload as CaseFeedItemPayload).caseId),
    body: (payload) => {
      const p = payload as CaseFeedItemPayload;
      return { body: p.body, fileIds: p.fileIds };
    },
    serverId: (result) => postFeedItemResponseSchema.safeParse(result).data?.item.id,
    applied: storeFeedItem,
  },
  'case-close': {
    method: 'POST',
    path: (payload) => casePaths.close((payload as CaseClosePayload).caseId),
    body: () => ({}),
    applied: storeClose,
  },
} satisfies Record<string, WriteKind>;
