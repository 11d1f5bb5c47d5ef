import { renewSession } from './session';
import { replayNow } from './replay-triggers';

let asking: Promise<boolean> | null = null;

/**
 * The outbox met an ended session (product §4 Offline-first): renew it, silently where the
 * provider still knows the user, else with the "Sign in again" prompt over whatever screen is
 * open; then the waiting writes go at once. The renewal re-stamps the stored profile, which is
 * what lets the replayer resume entries that waited for sign-in. Resolves false when the user
 * declined: the writes keep waiting on the device. Callers at the same time share one prompt.
 */
export function signInToSend(): Promise<boolean> {
  asking ??= renewSession()
    .then(
      async () => {
        await replayNow();
        return true;
      },
      () => false,
    )
    .finally(() => {
      asking = null;
    });
  return asking;
}
