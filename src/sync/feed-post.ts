import type { OutboxRow } from '../db/schema';
import type { TorqueDb } from '../db/db';
import { postsFeedItem, threadText } from '../domain/case-update';
import type { CaseFeedItemPayload, CaseFilePayload } from './case-write-kinds';
import { enqueue } from './outbox';

/** A file ready to queue (photos already converted and scaled down). */
export interface UpdateFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface FeedPostInput {
  /** The case's server id, or the outbox id of the write that creates it. */
  caseId: string;
  text: string;
  files: readonly UpdateFile[];
  ownerUserId: string;
  /** Writes the gateway must have first (the new case itself). */
  after: readonly string[];
  summaries: { file(name: string): string; feedItem: string };
  /** The first entry's createdAt; each next entry is a millisecond later, to keep their order. */
  at: number;
}

export interface QueuedFeedPost {
  files: OutboxRow[];
  feedItem: OutboxRow | null;
  /** The createdAt left for whatever the caller queues next. */
  at: number;
}

/**
 * Queues files, then the feed item that names them (product §4 Cases): the part a new case's
 * first message and a later update share. Call it inside the caller's outbox transaction, so the
 * post is queued with the rest of its unit or not at all.
 */
export async function enqueueFeedPost(
  input: FeedPostInput,
  database: TorqueDb,
): Promise<QueuedFeedPost> {
  let at = input.at;
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
          summary: input.summaries.file(f.name),
          ownerUserId: input.ownerUserId,
          dependsOn: [...input.after],
          createdAt: at++,
        },
        database,
      ),
    );
  }
  if (!postsFeedItem({ text: input.text, fileCount: files.length, close: false })) {
    return { files, feedItem: null, at };
  }
  const payload: CaseFeedItemPayload = {
    caseId: input.caseId,
    body: threadText(input.text),
    fileIds: files.map((f) => f.id),
  };
  const feedItem = await enqueue(
    {
      kind: 'case-feed-item',
      payload,
      summary: input.summaries.feedItem,
      ownerUserId: input.ownerUserId,
      dependsOn: [...input.after, ...files.map((f) => f.id)],
      createdAt: at++,
    },
    database,
  );
  return { files, feedItem, at };
}
