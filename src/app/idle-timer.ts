import { SESSION_ACTIVITY_EVENTS } from '../domain/session-timer';

/** Where tabs of the app leave their last input time for each other. */
export interface SharedActivity {
  read(): number;
  write(at: number): void;
}

const ACTIVITY_KEY = 'torque-last-activity';

/**
 * localStorage, not a message channel: it is read synchronously when the timer fires, it
 * survives a tab that is asleep, and logout clears it with the rest of web storage.
 */
export const localActivity: SharedActivity = {
  read: () => Number(localStorage.getItem(ACTIVITY_KEY)) || 0,
  write: (at) => localStorage.setItem(ACTIVITY_KEY, String(at)),
};

export interface IdleTimerOptions {
  idleMs: number;
  graceMs: number;
  onWarn: () => void;
  onExpire: () => void;
  /** The warning was withdrawn because the user was active in another tab. */
  onResume?: () => void;
  target?: Window;
  shared?: SharedActivity;
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
 *
 * Input in any tab of the app counts: a technician working in one tab is not logged out by
 * another that sat idle. Tabs share their last input time through `shared`.
 */
export function startIdleTimer({
  idleMs,
  graceMs,
  onWarn,
  onExpire,
  onResume,
  target = window,
  shared = localActivity,
}: IdleTimerOptions): IdleTimer {
  let lastInput = Date.now();
  let lastShared = 0;
  let warnedAt = 0;
  let warning = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Records input here and, at most once a second, for the other tabs. */
  const record = (at: number) => {
    lastInput = at;
    if (at - lastShared >= 1000) {
      lastShared = at;
      shared.write(at);
    }
  };
  // A time from the future (the clock was set back) must not keep a session alive.
  const sharedActivity = () => {
    const at = shared.read();
    return at <= Date.now() ? at : 0;
  };
  const lastActivity = () => Math.max(lastInput, sharedActivity());

  const arm = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, delay));
  };

  function check() {
    const idle = Date.now() - lastActivity();
    if (idle < idleMs) return arm(idleMs - idle);
    warning = true;
    warnedAt = Date.now();
    onWarn();
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (sharedActivity() >= warnedAt) {
        // Another tab saw input during the grace period: the user is here after all.
        warning = false;
        onResume?.();
        return arm(idleMs - (Date.now() - lastActivity()));
      }
      stop();
      onExpire();
    }, graceMs);
  }

  // While the warning shows, only Continue counts: moving the mouse must not dismiss it.
  const onInput = () => {
    if (!warning) record(Date.now());
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
      record(Date.now());
      arm(idleMs);
    },
    stop,
  };
}
