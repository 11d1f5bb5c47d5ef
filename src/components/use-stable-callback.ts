import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * The same function at every render, calling the latest `callback`: a child memoised on its
 * props need not render again because a parent's handler was made anew. Call it from events
 * and effects, not during render (it sees the last committed callback).
 */
export function useStableCallback<A extends unknown[], R>(
  callback: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
