import { useEffect, useState } from 'react';
import { firstScreenShown } from '../sync/first-screen';

/** A frame can be held back in a hidden tab; the refresh must not wait for it there. */
const NO_FRAME_MS = 100;

/**
 * True once what the device keeps has been read (`kept`: a live query's answer, undefined
 * while the read runs) and the frame that shows it has been painted. A screen starts its
 * refresh from the gateway only then: started with the read, the response came back while
 * the kept data was still being read and rendered, and parsing it, storing it and rendering it
 * again put the screen's first paint behind the network, so online opened later than offline.
 * The page's own background refreshes wait for the first such paint too (sync/first-screen.ts).
 */
export function useKeptShownFirst(kept: unknown): boolean {
  const read = kept !== undefined;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!read || shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      setShown(true);
      firstScreenShown();
    };
    // After the paint: the next frame, then a task of its own once that frame is drawn.
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(done, 0);
    });
    timer = setTimeout(done, NO_FRAME_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [read, shown]);
  return shown;
}
