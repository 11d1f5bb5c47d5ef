import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../components/use-online';
import type { RefreshOutcome } from '../../sync/outcome';
import type { Refresh } from './use-machine-detail';

type Load = (ownerUserId: string, id: string, signal: AbortSignal) => Promise<RefreshOutcome>;

/**
 * Refreshes that start when the user first asks for something (product §4: a campaign's first
 * click, the Manuals tab's first opening) and never again for the same id in this view, so
 * later clicks only toggle. Asked for while offline, the refresh runs when the connection
 * comes back. Lives above the tab panels so switching tabs does not count as asking again.
 */
export function useOnDemandRefresh(ownerUserId: string, load: Load) {
  const online = useOnline();
  const [outcomes, setOutcomes] = useState<Record<string, Refresh>>({});
  // Refs, not state: request() must see its own earlier calls within one render.
  const requested = useRef(new Set<string>());
  const waitingForNetwork = useRef(new Set<string>());
  const controllers = useRef(new Map<string, AbortController>());

  const start = useCallback(
    (id: string) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      setOutcomes((o) => ({ ...o, [id]: 'loading' }));
      load(ownerUserId, id, controller.signal).then(
        (outcome) => {
          if (controller.signal.aborted) return;
          if (outcome.status === 'offline') waitingForNetwork.current.add(id);
          setOutcomes((o) => ({ ...o, [id]: outcome }));
        },
        () => undefined, // aborted: the screen went away
      );
    },
    [ownerUserId, load],
  );

  const request = useCallback(
    (id: string) => {
      if (requested.current.has(id)) return;
      requested.current.add(id);
      if (navigator.onLine) start(id);
      else {
        waitingForNetwork.current.add(id);
        setOutcomes((o) => ({ ...o, [id]: { status: 'offline' } }));
      }
    },
    [start],
  );

  useEffect(() => {
    if (!online) return;
    const waiting = [...waitingForNetwork.current];
    waitingForNetwork.current.clear();
    waiting.forEach(start);
  }, [online, start]);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  return { outcomes, request };
}
