import type { $ZodType, input } from 'zod/v4/core';
import type { Endpoint, PathArgs } from '../../contract/endpoint';
import type { Answer } from '../api/endpoint-client';
import { pathOf } from '../../contract/endpoint';
import type { TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import type { WriteKind } from './write-kinds';

/*
 * An outbox kind made from the endpoint it replays: the method and the path come from the
 * declaration, the body must be what it accepts, and the answer is checked with (and typed by)
 * the schema it declares before `serverId` and `applied` see it.
 */

/** How a payload of type P becomes a call of E. */
export type DeclaredWrite<E extends Endpoint, P> = (PathArgs<E> extends []
  ? { params?: undefined }
  : { params(payload: P): PathArgs<E>[0] }) & {
  body(payload: P): E['body'] extends $ZodType ? input<E['body']> : FormData | undefined;
  serverId?(result: Answer<E>): string | undefined;
  applied?(
    database: TorqueDb,
    ownerUserId: string,
    result: Answer<E>,
    entry: OutboxRow,
  ): Promise<void>;
};

/** The schema of E's answer with a body, if it has one (a delete answers 204). */
function bodyOf(declaration: Endpoint): $ZodType | undefined {
  return declaration.responses[200] ?? declaration.responses[201] ?? undefined;
}

/**
 * The kind of write that replays E with payloads of type P: enqueue() takes only a P for it
 * (OutboxPayload in write-kinds.ts), and the replayer hands that payload back as it was kept.
 */
export function declaredWrite<E extends Endpoint, P>(
  declaration: E,
  how: DeclaredWrite<E, P>,
): WriteKind<P> {
  const params = how.params as ((payload: P) => Record<string, string>) | undefined;
  return {
    method: declaration.method as WriteKind['method'],
    path: (payload) => pathOf(declaration, ...([params?.(payload)] as unknown as PathArgs<E>)),
    body: (payload) => how.body(payload),
    result: bodyOf(declaration),
    serverId: how.serverId && ((result) => how.serverId!(result as Answer<E>)),
    applied:
      how.applied &&
      ((database, ownerUserId, result, entry) =>
        how.applied!(database, ownerUserId, result as Answer<E>, entry)),
  };
}
