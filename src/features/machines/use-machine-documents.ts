import { useCallback, useEffect, useState } from 'react';
import { refreshBulletins, refreshManuals } from '../../sync/machine-documents';
import { useOnDemandRefresh } from './use-on-demand-refresh';

/**
 * The Bulletins accordion's state (product §4): which campaigns are open, and a load of a
 * campaign's documents on its first opening only; later clicks just toggle.
 */
export function useBulletins(ownerUserId: string, model: string, family: string) {
  const load = useCallback(
    (owner: string, campaign: string, signal?: AbortSignal) =>
      refreshBulletins(owner, campaign, { model, family }, signal),
    [model, family],
  );
  const { outcomes, request } = useOnDemandRefresh(ownerUserId, load);
  const [opened, setOpened] = useState<string[]>([]);
  const onOpenedChange = useCallback(
    (next: string[]) => {
      next.forEach(request); // a no-op for campaigns asked for before
      setOpened(next);
    },
    [request],
  );
  return { opened, onOpenedChange, refreshes: outcomes };
}

/** The model's manuals, loaded the first time the Manuals tab is shown. */
export function useManuals(ownerUserId: string, model: string, shown: boolean) {
  const { outcomes, request } = useOnDemandRefresh(ownerUserId, refreshManuals);
  useEffect(() => {
    if (shown) request(model);
  }, [shown, model, request]);
  return outcomes[model] ?? null;
}
