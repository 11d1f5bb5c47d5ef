import { db, ownerRange, type TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import { caseUpdateSummaries, isEmptyUpdate } from '../domain/case-update';
import type { CaseClosePayload } from './case-write-kinds';
import { signedInUserId } from './current-user';
import { NoSignedInUserError } from './dcu';
import { enqueueFeedPost, type UpdateFile } from './feed-post';
import { enqueue } from './outbox';
import { requestReplay } from './request-replay';

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

  const tables = [database.outbox, database.updateDrafts];
  const queued = await database.transaction('rw', tables, async () => {
    // Queued: the text typed for it is no longer a draft.
    await database.updateDrafts.delete([ownerUserId, input.caseId]);
    const { files, feedItem, at } = await enqueueFeedPost(
      {
        caseId: input.caseId,
        text: input.text,
        files: input.files,
        ownerUserId,
        after: [],
        summaries,
        at: Date.now(),
      },
      database,
    );
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
