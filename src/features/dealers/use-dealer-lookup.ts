import { useCallback, useRef, useState } from 'react';
import { searchDealers, type Dealer, type DealerSearch } from '../../api/dealers';
import { ApiError, NetworkError, SignInRequiredError } from '../../api/errors';

export const NEEDS_CONNECTION = 'Dealer lookup needs a connection.';

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; dealers: Dealer[] }
  | { status: 'error'; message: string };

/** The online-only dealer lookup (product §5): asks the gateway, never the device. */
export function useDealerLookup() {
  const [state, setState] = useState<State>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);

  const search = useCallback(async (query: DealerSearch) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    if (!navigator.onLine) return setState({ status: 'error', message: NEEDS_CONNECTION });
    setState({ status: 'loading' });
    try {
      const dealers = await searchDealers(query, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'done', dealers });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message =
        error instanceof NetworkError
          ? NEEDS_CONNECTION
          : error instanceof ApiError || error instanceof SignInRequiredError
            ? error.message
            : 'Dealer lookup failed. Please try again.';
      setState({ status: 'error', message });
    }
  }, []);

  return { state, search };
}
