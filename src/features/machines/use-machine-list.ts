import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { customerSearchProblem } from '../../../contract/machines';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { MachineListRow } from '../../db/schema';
import type { CustomerSearchQuery } from '../../domain/machine-search';
import { machineListKey, refreshMachineList } from '../../sync/machines';
import type { RefreshOutcome } from '../../sync/outcome';

/**
 * A customer search's results: read from the device (so a reload or going offline keeps
 * them) and refreshed from the gateway whenever the app is online, once the kept results are
 * on screen.
 */
export function useMachineList(userId: string | undefined, query: CustomerSearchQuery) {
  const online = useOnline();
  const key = machineListKey(query);
  const problem = customerSearchProblem(query);
  const row = useLiveQuery(
    async (): Promise<MachineListRow | null> =>
      userId ? ((await db.machineLists.get([userId, key])) ?? null) : null,
    [userId, key],
  );
  const [refresh, setRefresh] = useState<RefreshOutcome | 'loading' | null>(null);
  const keptShown = useKeptShownFirst(userId ? row : undefined);

  useEffect(() => {
    if (!userId || problem || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh('loading');
    // The key carries the whole query; rebuilding it from the key keeps the effect's deps honest.
    const q = Object.fromEntries(new URLSearchParams(key)) as CustomerSearchQuery;
    refreshMachineList(userId, q, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh(outcome),
      () => undefined, // aborted: a newer search is running
    );
    return () => controller.abort();
  }, [userId, key, problem, online, keptShown]);

  return { row, refresh, problem, online };
}
