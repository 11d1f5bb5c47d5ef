import type { DcuPairing } from '../../contract/dcu';
import { db } from '../db/db';
import type { OutboxRow } from '../db/schema';
import { dcuPairingSummary } from '../domain/dcu-input';
import { signedInUserId } from './current-user';
import { enqueue } from './outbox';
import { requestReplay } from './request-replay';

/** The signed-in user is gone (logged out in another tab): a write is not queued for nobody. */
export class NoSignedInUserError extends Error {
  constructor() {
    super('Nobody is signed in on this device.');
    this.name = 'NoSignedInUserError';
  }
}

/**
 * Commits a DCU pairing (product §4 "Offline-first": DCU commits go through the outbox). The entry
 * belongs to the user signed in on this device, so another user signing in never sends it; its
 * id is the Idempotency-Key, so however often the replayer sends it, the gateway pairs once.
 * Resolves with the queued entry as soon as it is on the device, online or not; it rejects
 * only when the write could not even be stored (the screen then shows product §8's message).
 */
export async function commitDcuPairing(pairing: DcuPairing): Promise<OutboxRow> {
  // The replayer's own notion of who is signed in, so it is this user's entry it sends.
  const ownerUserId = await signedInUserId(db);
  if (!ownerUserId) throw new NoSignedInUserError();
  const row = await enqueue({
    kind: 'dcu-pairing',
    payload: pairing,
    summary: dcuPairingSummary(pairing.imeiNumber, pairing.modelNumber, pairing.serialNumber),
    ownerUserId,
  });
  // Sending is the replayer's job (one at a time, with back-off); it is only asked to start.
  void requestReplay();
  return row;
}
