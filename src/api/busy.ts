/**
 * Requests the gateway asked to wait (429 with Retry-After) and that are waiting to be sent
 * again. The top bar shows "Busy, retrying" while there is one: the user's request is not lost
 * and needs nothing from them.
 */
type Listener = (waiting: number) => void;

let waiting = 0;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener(waiting);
}

/** Marks one request as waiting; call the returned function when it is sent again. */
export function markWaiting(): () => void {
  waiting++;
  notify();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    waiting--;
    notify();
  };
}

export function waitingCount(): number {
  return waiting;
}

export function subscribeWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
