import type { Article } from '../../contract/knowledge';
import { downloadFile } from '../api/knowledge';
import { db } from '../db/db';

/**
 * An opened article's attachments up to this size are kept on the device without asking, so
 * the attachment of an article seen once opens in a barn without signal. Larger files (a full
 * workshop manual) cost a phone's data plan: they come down only on "Save for offline".
 */
export const KEEP_ON_OPEN_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Fetches the article's attachments not yet on the device (an attachment already stored is
 * kept), those over `maxBytes` left out.
 */
export async function storeAttachments(
  ownerUserId: string,
  article: Article,
  signal?: AbortSignal,
  maxBytes = Infinity,
): Promise<void> {
  for (const a of article.attachments) {
    if (a.size > maxBytes) continue;
    if (await db.files.get([ownerUserId, a.id])) continue;
    const blob = await downloadFile(a.url, signal);
    await db.files.put({
      ownerUserId,
      id: a.id,
      title: a.title,
      contentType: a.contentType || blob.type,
      blob,
      savedAt: Date.now(),
    });
  }
}
