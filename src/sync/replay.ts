/*
 * The outbox replay as features see it: after `enqueue()` call `requestReplay()` (it never
 * throws; the entry is safe on the device either way). `syncNow()` is the user's "Sync now":
 * entries in back-off go at once too. `signInToSend()` renews an ended session (asking the user
 * if it must) and sends what waited for it. The machinery lives beside:
 * replayer.ts (state machine), replay-run.ts (lock), replay-triggers.ts (when to run).
 */
export { requestReplay, replayNow, syncNow } from './replay-triggers';
export { runReplay, type RunResult } from './replay-run';
export { signInToSend } from './outbox-sign-in';
