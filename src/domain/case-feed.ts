import type { FeedAttachment, FeedItem } from '../../contract/cases';

/**
 * What the feed shows: the gateway's items, then the user's updates still on their way
 * (product §4 Cases: the feed shows an update at once, marked as waiting to send).
 */

export type WriteState = 'waiting' | 'needs-attention';

/** A file of a queued update, read from its outbox entry. */
export interface LocalFile {
  /** The file entry's id. */
  id: string;
  name: string;
  type: string;
  blob: Blob;
}

export type FeedEntry =
  | { kind: 'sent'; item: FeedItem }
  | {
      kind: 'queued';
      id: string;
      body: string;
      files: LocalFile[];
      queuedAt: number;
      state: WriteState;
    };

/** A queued write as the feed needs it (an outbox row, without the outbox's types). */
export interface QueuedWrite {
  id: string;
  kind: string;
  status: string;
  payload: unknown;
  createdAt: number;
}

const stateOf = (statuses: string[]): WriteState =>
  statuses.includes('needs-attention') ? 'needs-attention' : 'waiting';

/** The feed, oldest first: sent items, then queued updates in the order they were made. */
export function feedEntries(
  items: readonly FeedItem[],
  writes: readonly QueuedWrite[],
): FeedEntry[] {
  const byId = new Map(writes.map((w) => [w.id, w]));
  const queued: FeedEntry[] = writes
    .filter((w) => w.kind === 'case-feed-item' && w.status !== 'done')
    .map((w) => {
      const p = w.payload as { body: string; fileIds: string[] };
      const fileWrites = p.fileIds.map((id) => byId.get(id)).filter((f) => f !== undefined);
      const files = fileWrites.map((f) => {
        const fp = f.payload as { name: string; type: string; blob: Blob };
        return { id: f.id, name: fp.name, type: fp.type, blob: fp.blob };
      });
      return {
        kind: 'queued' as const,
        id: w.id,
        body: p.body,
        files,
        queuedAt: w.createdAt,
        state: stateOf([w.status, ...fileWrites.map((f) => f.status)]),
      };
    });
  return [...items.map((item) => ({ kind: 'sent' as const, item })), ...queued];
}

/** A close queued and not sent yet: the status shows Resolved, marked as waiting. */
export function queuedClose(writes: readonly QueuedWrite[]): WriteState | null {
  const close = writes.filter((w) => w.kind === 'case-close' && w.status !== 'done');
  return close.length ? stateOf(close.map((w) => w.status)) : null;
}

/** A sound or a video plays in the feed; anything else is null. */
export function mediaKind(contentType: string): 'audio' | 'video' | null {
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType.startsWith('video/')) return 'video';
  return null;
}

/**
 * Product §2: image attachments go to the grid, sounds and videos to players, the others to
 * the download list.
 */
export function splitAttachments(attachments: readonly FeedAttachment[]) {
  return {
    images: attachments.filter((a) => a.isImage),
    media: attachments.filter((a) => !a.isImage && mediaKind(a.contentType)),
    others: attachments.filter((a) => !a.isImage && !mediaKind(a.contentType)),
  };
}
