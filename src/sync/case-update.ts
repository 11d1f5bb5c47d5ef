import { db, ownerRange, type TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import {
  caseUpdateSummaries,
  isEmptyUpdate,
  postsFeedItem,
  threadText,
} from '../domain/case-update';
import type { CaseClosePayload, CaseFeedItemPayload, CaseFilePayload } from './case-write-kinds';
import { signedInUserId } from './current-user';
import { NoSignedInUserError } from './dcu';
import { enqueue } from './outbox';
import { requestReplay } from './replay';

/** A file ready to queue (photos already converted and scaled down). */
export interface UpdateFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface CaseUpdateInput {
  caseId: string;
  caseNumber: string;
  text: string;
  files: readonly UpdateFile[];
  close: boolean;
}

export interface QueuedUpdate {
  files: OutboxRow[];
  feedItem: OutboxRow | null;
  close: OutboxRow | null;
}

/**
 * Post an update (product §2 Case detail, §4 Cases): the files, then the feed item naming them,
 * then the close, queued in one transaction as one unit. Each entry is its own write with its
 * own Idempotency-Key; dependants wait for what they name. Resolves once everything is on the
 * device, online or not; the replayer sends it.
 */
export async function postCaseUpdate(
  input: CaseUpdateInput,
  database: TorqueDb = db,
): Promise<QueuedUpdate> {
  const draft = { text: input.text, fileCount: input.files.length, close: input.close };
  if (isEmptyUpdate(draft)) throw new Error('An update needs text, a file or the close.');
  const ownerUserId = await signedInUserId(database);
  if (!ownerUserId) throw new NoSignedInUserError();
  const summaries = caseUpdateSummaries(input.caseNumber);

  const queued = await database.transaction('rw', database.outbox, async () => {
    // One millisecond apart: the parts keep their order in the outbox and on the page.
    let at = Date.now();
    const files: OutboxRow[] = [];
    for (const f of input.files) {
      const payload: CaseFilePayload = {
        caseId: input.caseId,
        name: f.name,
        type: f.type,
        blob: f.blob,
      };
      files.push(
        await enqueue(
          {
            kind: 'case-file',
            payload,
            summary: summaries.file(f.name),
            ownerUserId,
            createdAt: at++,
          },
          database,
        ),
      );
    }
    let feedItem: OutboxRow | null = null;
    if (postsFeedItem(draft)) {
      const payload: CaseFeedItemPayload = {
        caseId: input.caseId,
        body: threadText(input.text),
        fileIds: files.map((f) => f.id),
      };
      feedItem = await enqueue(
        {
          kind: 'case-feed-item',
          payload,
          summary: summaries.feedItem,
          ownerUserId,
          dependsOn: files.map((f) => f.id),
          createdAt: at++,
        },
        database,
      );
    }
    let close: OutboxRow | null = null;
    if (input.close) {
      const payload: CaseClosePayload = { caseId: input.caseId };
      close = await enqueue(
        {
          kind: 'case-close',
          payload,
          summary: summaries.close,
          ownerUserId,
          dependsOn: feedItem ? [feedItem.id] : [],
          createdAt: at,
        },
        database,
      );
    }
    return { files, feedItem, close };
  });
  void requestReplay();
  return queued;
}

/**
 * The user's queued writes for one case, oldest first, sent ones included (a pending feed
 * item's photos are read from its file entries, sent or not).
 */
export async function caseWrites(
  ownerUserId: string,
  caseId: string,
  database: TorqueDb = db,
): Promise<OutboxRow[]> {
  const rows = await database.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(ownerUserId))
    .toArray();
  return rows.filter(
    (r) => r.kind.startsWith('case-') && (r.payload as { caseId?: unknown }).caseId === caseId,
  );
}
