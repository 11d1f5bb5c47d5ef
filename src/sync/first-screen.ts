/*
 * The page's background session confirmation waits until the first screen has painted what
 * the device keeps. Started with the page, its answer was parsed, stored and rendered again
 * while the screen was still reading and painting its own data, so a screen opened online
 * showed later than the same screen offline.
 */

/** A screen that never says it has painted (one with nothing kept) lets it go after this. */
export const FIRST_SCREEN_FALLBACK_MS = 1_000;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
let fallback: Promise<void> | null = null;

/** Called once a screen's kept data is on screen (use-kept-shown-first.ts); later calls are no-ops. */
export function firstScreenShown(): void {
  markShown();
}

/** Resolves once the first screen has painted its kept data, or after the fallback time. */
export function afterFirstScreen(): Promise<void> {
  fallback ??= new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_FALLBACK_MS));
  return Promise.race([shown, fallback]);
}
