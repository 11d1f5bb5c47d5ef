import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export type LookupState<T> =
  | { status: 'idle' }
  /** `last` is the previous answer, so a list can stay on screen while the next one loads. */
  | { status: 'loading'; last?: T }
  | { status: 'done'; value: T }
  | { status: 'error'; error: unknown };

type Settled<T> = Extract<LookupState<T>, { status: 'done' | 'error' }>;

/**
 * A typeahead's server lookup: waits until the query has stopped changing for `delayMs`,
 * cancels the request of a query that changed since, and never shows an older query's
 * answer for a newer one. A null query asks nothing (too short, or offline).
 */
export function useDebouncedLookup<Q, T>(
  query: Q | null,
  lookup: (query: Q, signal: AbortSignal) => Promise<T>,
  delayMs: number,
): LookupState<T> {
  const key = query === null ? null : JSON.stringify(query);
  const [debounced] = useDebouncedValue(key, delayMs);
  const [result, setResult] = useState<{ key: string; state: Settled<T> } | null>(null);
  const lookupRef = useRef(lookup);
  useEffect(() => {
    lookupRef.current = lookup;
  }, [lookup]);

  useEffect(() => {
    if (debounced === null) return;
    const controller = new AbortController();
    const settle = (state: Settled<T>) =>
      !controller.signal.aborted && setResult({ key: debounced, state });
    lookupRef.current(JSON.parse(debounced) as Q, controller.signal).then(
      (value) => settle({ status: 'done', value }),
      (error: unknown) => settle({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [debounced]);

  if (key === null) return { status: 'idle' };
  if (result?.key === key && debounced === key) return result.state;
  return {
    status: 'loading',
    ...(result?.state.status === 'done' ? { last: result.state.value } : {}),
  };
}
