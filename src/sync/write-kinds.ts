import type { $ZodType } from 'zod/v4/core';
import type { DcuPairing } from '../../contract/dcu';
import { pairDcu } from '../../contract/endpoints/dcu';
import type { TorqueDb } from '../db/db';
import type { OutboxKind, OutboxRow } from '../db/schema';
import { caseCreateKinds } from './case-create-kinds';
import { caseReadKinds } from './case-read-kind';
import { caseWriteKinds } from './case-write-kinds';
import { declaredWrite } from './declared-write';
import { notificationWriteKinds } from './notification-write-kinds';
import { predictionWriteKinds } from './prediction-write-kinds';

/**
 * How each kind of queued write is sent. The replayer (page or service worker) looks the
 * kind up here, so a write queued by one version of the screens is sent the same way by
 * the service worker. `path` and `body` receive the payload with temporary ids already
 * replaced by server ids; the answer's `serverId` is what dependants get.
 */
export interface WriteKind<P = unknown> {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path(payload: P): string;
  body(payload: P): unknown;
  /**
   * The contract schema of the gateway's 2xx answer: the replayer stores only an answer that
   * matches it (a malformed one leaves the entry needing attention, never a poisoned row).
   */
  result?: $ZodType;
  /** The server id in the gateway's answer, for writes others depend on. */
  serverId?(result: unknown): string | undefined;
  /**
   * Writes the gateway's answer into the stored rows the screens read, so what the user did
   * shows as sent before the next refresh. A failure here does not undo the send. `entry` is
   * the sent entry: a row kept under its id until sent is replaced by the gateway's.
   */
  applied?(
    database: TorqueDb,
    ownerUserId: string,
    result: unknown,
    entry: OutboxRow,
  ): Promise<void>;
}

export const writeKinds = {
  'dcu-pairing': declaredWrite(pairDcu, {
    body: (payload: DcuPairing) => payload,
    serverId: (result) => result.pairingId,
  }),
  ...caseWriteKinds,
  ...notificationWriteKinds,
  ...caseCreateKinds,
  ...predictionWriteKinds,
  ...caseReadKinds,
} satisfies Record<OutboxKind, WriteKind<never>>;

/** What a write of kind K is queued with: the payload its kind turns into the declared body. */
export type OutboxPayload<K extends OutboxKind> =
  (typeof writeKinds)[K] extends WriteKind<infer P> ? P : never;
