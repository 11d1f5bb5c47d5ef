import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
// The core class: errors of classic and zod/mini schemas are both instances of it.
import { $ZodError } from 'zod/v4/core';
import type { ApiError } from '../../contract/errors';

/** An error whose status and message are meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
  }
}

export function apiError(statusCode: number, message: string, errorCode?: string): ApiError {
  return {
    statusCode,
    // The reason phrase HTTP gives the status (422 Unprocessable Entity, 503 Service Unavailable).
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(errorCode ? { errorCode } : {}),
  };
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  errorCode?: string,
) {
  return reply
    .code(statusCode)
    .type('application/json')
    .send(apiError(statusCode, message, errorCode));
}

/** Maps Fastify's own request errors (body parsing, limits) to a clear 4xx. */
function fastifyClientError(err: FastifyError): [number, string] | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, 'The request body is not valid JSON'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      // Wrong content types are the caller's fault like any other bad input: 400, not 415.
      return [400, 'Unsupported content type: send application/json'];
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, 'The request body is too large'];
    default:
      return null;
  }
}

export const UNSTORABLE_TEXT_MESSAGE = 'The request holds characters that cannot be stored';

/**
 * PostgreSQL refusing a value the caller sent: text it cannot store (a NUL byte, an invalid
 * encoding). The input was bad, so the answer is 400, wherever the route forgot to check.
 */
const POSTGRES_INPUT_ERRORS = new Set(['22021', '22P05']);

function isPostgresInputError(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && POSTGRES_INPUT_ERRORS.has(code);
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached at the moment; try again shortly';
/** Seconds a caller should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Class 08 (connection exception) and the server shutting down, crashing or starting up. */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a socket closed under a query or a broken client by message only.
const PG_CONNECTION_LOST =
  /Connection terminated|Connection ended|not queryable|Client was closed|timeout exceeded when trying to connect/i;

/**
 * The database server away (restarting, failing over, unreachable): not the request's fault,
 * and over once it is back, so the answer is 503 and the outbox retries with the same key.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (POSTGRES_UNAVAILABLE.test(code) || NETWORK_UNAVAILABLE.has(code))
  )
    return true;
  if (PG_CONNECTION_LOST.test(err.message)) return true;
  // Connecting to a name with two addresses fails with both attempts in an AggregateError.
  const inner = err instanceof AggregateError ? err.errors : [err.cause];
  return inner.some((e) => isDatabaseUnavailable(e, depth + 1));
}

/**
 * One error policy for the whole gateway: the caller's mistakes are 4xx with an apiErrorSchema
 * body and a readable message; only real faults are 500, and those are logged.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError)
      return sendError(reply, err.statusCode, err.message, err.errorCode);
    if (err instanceof $ZodError) {
      const issue = err.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      // Root-level refinements (e.g. "Atleast one field is required") read best unprefixed.
      return sendError(reply, 400, issue ? `${where}${issue.message}` : 'Invalid request');
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0]!;
      const field = issue.instancePath.slice(1).replaceAll('/', '.');
      // A path parameter is not a field the user named; its contract message stands alone.
      const prefix = field && err.validationContext !== 'params' ? `${field}: ` : '';
      return sendError(reply, 400, `${prefix}${issue.message}`);
    }
    if (isPostgresInputError(err)) {
      return sendError(reply, 400, UNSTORABLE_TEXT_MESSAGE);
    }
    const fe = err as FastifyError;
    const mapped = fastifyClientError(fe);
    if (mapped) return sendError(reply, mapped[0], mapped[1]);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(reply, fe.statusCode, fe.message);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err }, 'unexpected error');
    return sendError(reply, 500, 'The gateway failed to answer this request');
  });
}
