import type { FastifyRequest } from 'fastify';

/*
 * A declaration's `idempotent: true` and the handler's idempotentWrite() are one fact said in two
 * places; this ties them. idempotentWrite() refuses to run for a route whose declaration does not
 * say it, and route() refuses the success of an idempotent route whose handler wrote without it:
 * either mistake is a 500 in the first test that calls the route, never a write applied twice.
 */

const applied = new WeakSet<FastifyRequest>();

/** Called by idempotentWrite(): the request's write goes through the key store. */
export function markAppliedOnce(request: FastifyRequest): void {
  if (!request.routeOptions.config.endpoint?.idempotent) {
    throw new Error(
      `${request.method} ${request.routeOptions.url} writes through idempotentWrite() but its declaration does not say idempotent: true`,
    );
  }
  applied.add(request);
}

/**
 * Called by a handler of an idempotent endpoint that answers without writing anything (a dry
 * run): there is nothing to apply once, and its success is let through.
 */
export function answeredWithoutWrite(request: FastifyRequest): void {
  applied.add(request);
}

/** Whether the request's write went through idempotentWrite(), or it wrote nothing. */
export function wasAppliedOnce(request: FastifyRequest): boolean {
  return applied.has(request);
}
