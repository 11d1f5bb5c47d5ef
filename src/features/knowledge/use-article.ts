import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { ArticleRow, FileRow } from '../../db/schema';
import { refreshArticle } from '../../sync/knowledge';
import type { RefreshOutcome } from '../../sync/outcome';

/**
 * One article from the device first (so a saved or seen article opens offline), refreshed
 * from the gateway whenever the app is online; plus the attachment files stored for it.
 */
export function useArticle(userId: string | undefined, uniqueId: string) {
  const online = useOnline();
  const row = useLiveQuery(
    async (): Promise<ArticleRow | null> =>
      userId && uniqueId ? ((await db.articles.get([userId, uniqueId])) ?? null) : null,
    [userId, uniqueId],
  );
  const attachmentIds = row?.article.attachments.map((a) => a.id).join('|') ?? '';
  const files = useLiveQuery(async (): Promise<FileRow[]> => {
    if (!userId || !attachmentIds) return [];
    const rows = await db.files.bulkGet(attachmentIds.split('|').map((id) => [userId, id]));
    return rows.filter((r): r is FileRow => r !== undefined);
  }, [userId, attachmentIds]);

  const [outcome, setOutcome] = useState<RefreshOutcome | 'loading' | null>(null);
  // The kept article is painted before the gateway is asked (use-kept-shown-first.ts).
  const keptShown = useKeptShownFirst(userId && uniqueId ? row : undefined);
  useEffect(() => {
    if (!userId || !uniqueId || !online || !keptShown) return;
    const controller = new AbortController();
    setOutcome('loading');
    refreshArticle(userId, uniqueId, controller.signal).then(
      (o) => !controller.signal.aborted && setOutcome(o),
      () => undefined, // aborted: the page was left
    );
    return () => controller.abort();
  }, [userId, uniqueId, online, keptShown]);

  const unreachable =
    !online || (outcome !== null && outcome !== 'loading' && outcome.status === 'offline');
  return { row, files: files ?? [], outcome, online, unreachable };
}
