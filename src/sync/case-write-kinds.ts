import type { CloseCaseResponse, PostFeedItem, PostFeedItemResponse } from '../../contract/cases';
import { closeCase, postFeedItem, uploadCaseFile } from '../../contract/endpoints/cases';
import { isClosedStatus } from '../domain/case-update';
import type { TorqueDb } from '../db/db';
import { declaredWrite } from './declared-write';

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

/**
 * The feed item: the body the endpoint takes, both fields given. `fileIds` are the file
 * entries' ids until they are sent, then server ids.
 */
export type CaseFeedItemPayload = { caseId: string } & Required<
  Pick<PostFeedItem, 'body' | 'fileIds'>
>;

export interface CaseClosePayload {
  caseId: string;
}

/** Adds the gateway's feed item to the stored feed (the pending copy then disappears). */
async function storeFeedItem(
  database: TorqueDb,
  ownerUserId: string,
  { item, status }: PostFeedItemResponse,
) {
  const tables = [database.caseFeeds, database.cases, database.recentCases];
  await database.transaction('rw', tables, async () => {
    const recent = await database.recentCases.get([ownerUserId, item.caseId]);
    if (recent) {
      await database.recentCases.put({ ...recent, status, lastActivityAt: item.createdAt });
    }
    const feed = await database.caseFeeds.get([ownerUserId, item.caseId]);
    if (feed && !feed.items.some((i) => i.id === item.id)) {
      await database.caseFeeds.put({ ...feed, items: [...feed.items, item] });
    }
    const row = await database.cases.get([ownerUserId, item.caseId]);
    // An update to a Resolved case reopens it: the detail is open again.
    if (row) {
      await database.cases.put({
        ...row,
        detail: { ...row.detail, status, isClosed: isClosedStatus(status) },
      });
    }
  });
}

async function storeClose(database: TorqueDb, ownerUserId: string, closed: CloseCaseResponse) {
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
  'case-file': declaredWrite(uploadCaseFile, {
    params: (payload: CaseFilePayload) => ({ id: payload.caseId }),
    body: (payload) => {
      const form = new FormData();
      form.append(uploadCaseFile.upload.part, payload.blob, payload.name);
      return form;
    },
    serverId: (result) => result.id,
  }),
  'case-feed-item': declaredWrite(postFeedItem, {
    params: (payload: CaseFeedItemPayload) => ({ id: payload.caseId }),
    body: (payload) => ({ body: payload.body, fileIds: payload.fileIds }),
    serverId: (result) => result.item.id,
    applied: storeFeedItem,
  }),
  'case-close': declaredWrite(closeCase, {
    params: (payload: CaseClosePayload) => ({ id: payload.caseId }),
    // An empty object, as queued writes have always sent: a replay of a key the gateway
    // already holds must be the same request.
    body: () => ({}),
    applied: storeClose,
  }),
};
