import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/*
 * The app's router is declarative (app/router.tsx), so react-router's ScrollRestoration, which
 * needs a data router, is not there. A list screen keeps its own: where the window was scrolled
 * in each history entry, given back when Back or Forward returns to that entry.
 */

const STORE = 'torque-scroll-positions';
/** Entries kept: enough for any walk back through the history of one tab. */
const KEPT = 50;

function positions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function keep(entry: string, y: number) {
  const all = positions();
  delete all[entry];
  all[entry] = y;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete all[old];
  try {
    sessionStorage.setItem(STORE, JSON.stringify(all));
  } catch {
    // Storage full or refused: Back then starts at the top, as without this.
  }
}

/**
 * Keeps the window's scroll position of this history entry and, when the user comes back to it
 * (Back or Forward), scrolls there again once `ready` (the rows it had are on screen again).
 */
export function useScrollRestoration(ready: boolean): void {
  const { key } = useLocation();
  const navigation = useNavigationType();
  const restored = useRef<string | null>(null);
  // A layout effect: its cleanup runs as the next screen is committed, before that screen's
  // shorter page moves the window and would be kept as this entry's position.
  useLayoutEffect(() => {
    let frame = 0;
    const save = () => {
      // Until the rows are back and scrolled to, the page is short: that is no place to keep.
      if (restored.current !== key) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => keep(key, window.scrollY));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [key]);
  useEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    if (navigation !== 'POP') return;
    const y = positions()[key];
    if (y !== undefined) window.scrollTo({ top: y, behavior: 'instant' });
  }, [ready, key, navigation]);
}
