import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { startTransition } from 'react';

/**
 * dexie-react-hooks' `useLiveQuery`, with each result handed to React as a transition. A result
 * arrives from an IndexedDB callback, which React would render at default priority: in one
 * task, however large the screen it fills in. As a transition React yields every few
 * milliseconds, so a screen filling in from IndexedDB never blocks a tap, and results that land
 * together render once.
 */
export function useLiveQuery<T>(querier: () => Promise<T> | T, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, D>(
  querier: () => Promise<T> | T,
  deps: unknown[],
  defaultResult: D,
): T | D;
export function useLiveQuery<T, D>(
  querier: () => Promise<T> | T,
  deps: unknown[] = [],
  defaultResult?: D,
): T | D | undefined {
  return useObservable<T, D | undefined>(
    () => {
      const source = liveQuery(querier);
      return {
        subscribe: (next: (value: T) => void, error?: (reason: unknown) => void) =>
          source.subscribe((value) => startTransition(() => next(value)), error),
        hasValue: () => source.hasValue?.() ?? false,
        getValue: () => source.getValue?.() as T,
      };
    },
    deps,
    defaultResult,
  );
}
