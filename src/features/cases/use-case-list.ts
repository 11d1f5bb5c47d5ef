import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { CaseListSource } from '../../api/cases';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { CaseListStoreRow } from '../../db/schema';
import { caseListKey, refreshCaseList } from '../../sync/cases';
import type { Refresh } from './use-case-detail';

/**
 * A case list from the device, refreshed from the gateway whenever the app is online, once the
 * kept list is on screen.
 */
export function useCaseList(userId: string | undefined, source: CaseListSource) {
  const online = useOnline();
  const key = caseListKey(source);
  const [refresh, setRefresh] = useState<Refresh>(null);
  const row = useLiveQuery(
    async (): Promise<CaseListStoreRow | null> =>
      userId ? ((await db.caseLists.get([userId, key])) ?? null) : null,
    [userId, key],
  );
  const keptShown = useKeptShownFirst(userId ? row : undefined);
  useEffect(() => {
    if (!userId || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh('loading');
    const src: CaseListSource =
      key === 'dealer' ? { kind: 'dealer' } : { kind: 'org', orgId: key.slice(4) };
    refreshCaseList(userId, src, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh(outcome),
      () => undefined,
    );
    return () => controller.abort();
  }, [userId, key, online, keptShown]);
  return { row, refresh, online };
}
