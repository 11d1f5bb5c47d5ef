import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleTimer } from '../../src/app/idle-timer';
import { SessionTimer } from '../../src/app/session-timer';
import { SESSION_GRACE_MS, SESSION_IDLE_MS } from '../../src/domain/session-timer';

const text =
  'Your Torque Web App Session is about to expire. Please continue using the app to avoid being logged out.';

/** Advances the fake clock and lets React (and the lazily loaded modal) settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

beforeAll(async () => {
  // Load the modal's module once, so React.lazy resolves within the fake-timer steps.
  await import('../../src/app/session-warning');
});
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderTimer(onExpire = vi.fn()) {
  render(
    <MantineProvider env="test">
      <SessionTimer productName="Torque" onExpire={onExpire} />
    </MantineProvider>,
  );
  return onExpire;
}

describe('session timer (product §4)', () => {
  it('warns after 14 minutes without input, and logs out 60 s later', async () => {
    const onExpire = renderTimer();
    await advance(840_000 - 1);
    expect(screen.queryByText(text)).toBeNull();
    await advance(1);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    await advance(59_999);
    expect(onExpire).not.toHaveBeenCalled();
    await advance(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('Continue hides the warning and restarts the 14 minutes', async () => {
    const onExpire = renderTimer();
    await advance(840_000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(0);
    expect(screen.queryByText(text)).toBeNull();

    await advance(60_000);
    expect(onExpire).not.toHaveBeenCalled();
    await advance(840_000 - 60_000 - 1);
    expect(screen.queryByText(text)).toBeNull();
    await advance(1);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('input restarts the idle period', async () => {
    const onExpire = renderTimer();
    await advance(10 * 60_000);
    fireEvent.pointerDown(window);
    await advance(10 * 60_000);
    expect(screen.queryByText(text)).toBeNull();
    fireEvent.keyDown(window, { key: 'a' });
    await advance(14 * 60_000 - 1);
    expect(screen.queryByText(text)).toBeNull();
    await advance(1);
    expect(screen.getByText(text)).toBeTruthy();
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('ignores mouse moves while the warning shows: only Continue keeps the session', async () => {
    const onExpire = renderTimer();
    await advance(840_000);
    fireEvent.mouseMove(window);
    await advance(60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});

describe('session timer across tabs', () => {
  /** A second tab of the app: its own input target, the same shared activity. */
  function otherTab() {
    const target = new EventTarget() as unknown as Window;
    const expire = vi.fn();
    const timer = startIdleTimer({
      idleMs: SESSION_IDLE_MS,
      graceMs: SESSION_GRACE_MS,
      onWarn: () => undefined,
      onExpire: expire,
      target,
    });
    return { input: () => target.dispatchEvent(new Event('keydown')), timer, expire };
  }

  it('does not warn while the user works in another tab', async () => {
    const onExpire = renderTimer();
    const other = otherTab();
    for (let i = 0; i < 6; i++) {
      await advance(5 * 60_000);
      other.input();
    }
    expect(screen.queryByText(text)).toBeNull();
    // Once the other tab goes quiet too, the 14 minutes run from its last input.
    await advance(14 * 60_000 - 1);
    expect(screen.queryByText(text)).toBeNull();
    await advance(1);
    expect(screen.getByText(text)).toBeTruthy();
    expect(onExpire).not.toHaveBeenCalled();
    other.timer.stop();
  });

  it('withdraws the warning, without logging out, when Continue is pressed in the other tab', async () => {
    const onExpire = renderTimer();
    const other = otherTab();
    await advance(840_000);
    expect(screen.getByText(text)).toBeTruthy();
    // Both tabs warn; the user answers in the other one.
    other.timer.resume();
    await advance(60_000);
    expect(onExpire).not.toHaveBeenCalled();
    expect(screen.queryByText(text)).toBeNull();
    // The next warning comes 14 minutes after the Continue in the other tab, not after now.
    await advance(13 * 60_000 - 1);
    expect(screen.queryByText(text)).toBeNull();
    await advance(1);
    expect(screen.getByText(text)).toBeTruthy();
    other.timer.stop();
  });

  it('does not let a timestamp from the future keep the session alive', async () => {
    const onExpire = renderTimer();
    localStorage.setItem('torque-last-activity', String(Date.now() + 24 * 3_600_000));
    await advance(840_000 + 60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
