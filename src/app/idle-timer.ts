import { SESSION_ACTIVITY_EVENTS } from '../domain/session-timer';

export interface IdleTimerOptions {
  idleMs: number;
  graceMs: number;
  onWarn: () => void;
  onExpire: () => void;
  target?: Window;
}

export interface IdleTimer {
  /** The user pressed Continue: hide the warning and restart the idle period. */
  resume(): void;
  stop(): void;
}

/**
 * The session timer's clock. Input only records a timestamp (mousemove fires a lot); one
 * setTimeout checks it and re-arms for the rest of the period. setTimeout + Date.now, so
 * fake clocks (vitest, Playwright's page.clock) can fast-forward it.
 */
export function startIdleTimer({
  idleMs,
  graceMs,
  onWarn,
  onExpire,
  target = window,
}: IdleTimerOptions): IdleTimer {
  let lastInput = Date.now();
  let warning = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const arm = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, delay));
  };

  function check() {
    const idle = Date.now() - lastInput;
    if (idle < idleMs) return arm(idleMs - idle);
    warning = true;
    onWarn();
    clearTimeout(timer);
    timer = setTimeout(() => {
      stop();
      onExpire();
    }, graceMs);
  }

  // While the warning shows, only Continue counts: moving the mouse must not dismiss it.
  const onInput = () => {
    if (!warning) lastInput = Date.now();
  };

  const options: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of SESSION_ACTIVITY_EVENTS) target.addEventListener(type, onInput, options);

  function stop() {
    clearTimeout(timer);
    for (const type of SESSION_ACTIVITY_EVENTS) target.removeEventListener(type, onInput, options);
  }

  arm(idleMs);
  return {
    resume() {
      warning = false;
      lastInput = Date.now();
      arm(idleMs);
    },
    stop,
  };
}
