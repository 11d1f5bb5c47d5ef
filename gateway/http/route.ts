import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import type { Endpoint } from '../../contract/endpoint';
import { wasAppliedOnce } from './idempotent-writes';

/*
 * The only way an /api/v1 handler is registered: against its declaration in
 * contract/endpoints/. The declaration gives the method, the path, the inputs Fastify validates,
 * the answers it serialises (an answer that does not match its schema is a 500 and never
 * reaches the caller), who may call it and whose records it answers with (gateway/http/access.ts
 * refuses an /api/v1 route that did not come through here).
 */

/** What Fastify's zod type provider reads the handler's request and reply types from. */
export interface SchemaOf<E extends Endpoint> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  /** A null answer (304) types as unknown: the reply sends it without a body. */
  response: E['responses'];
}

export type HandlerOf<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What a route adds to its declaration: fair-use limits, hooks, a body limit. */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'config' | 'preValidation' | 'preHandler' | 'bodyLimit'
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered against (gateway/http/route.ts). */
    endpoint?: Endpoint;
  }
}

function bodyResponses(responses: Endpoint['responses']): Record<number, $ZodType> {
  const out: Record<number, $ZodType> = {};
  for (const [status, schema] of Object.entries(responses)) {
    if (schema) out[Number(status)] = schema;
  }
  return out;
}

/** Declarations registered with a per-user limit (fair-use.ts): they may answer 429. */
const limited = new WeakSet<Endpoint>();

/** Whether a route registered against this declaration is limited per user. */
export function isRateLimited(declaration: Endpoint): boolean {
  return limited.has(declaration);
}

/** Registers `handler` as the endpoint `declaration` on `app`. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  declaration: E,
  handler: HandlerOf<E>,
  extras: RouteExtras = {},
): void {
  if (extras.config && 'rateLimit' in extras.config) limited.add(declaration);
  const schema = {
    ...(declaration.params ? { params: declaration.params } : {}),
    ...(declaration.query ? { querystring: declaration.query } : {}),
    ...(declaration.body ? { body: declaration.body } : {}),
    response: bodyResponses(declaration.responses),
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...extras,
    method: declaration.method,
    url: declaration.path,
    schema,
    config: {
      ...extras.config,
      access: declaration.access,
      scope: declaration.scope,
      endpoint: declaration,
    },
    handler: handler as RouteHandlerMethod,
    ...(declaration.idempotent ? { onSend: refuseUnappliedWrite } : {}),
  });
}

/**
 * An idempotent declaration's success that did not go through the key store: turned into a 500
 * before it leaves, so a handler that forgot idempotentWrite() fails its first test.
 */
async function refuseUnappliedWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  if (reply.statusCode < 300 && !wasAppliedOnce(request)) {
    throw new Error(
      `${request.method} ${request.routeOptions.url} is declared idempotent but its handler did not write through idempotentWrite()`,
    );
  }
  return payload;
}

/**
 * Refuses to start a gateway whose routes and declarations differ: an /api/v1 route that was
 * not registered through route() (a handler for an endpoint nobody declared cannot ship), or a
 * declaration in `declared` that no route answers (an endpoint the OpenAPI document promises).
 */
export function installDeclarationCheck(
  app: FastifyInstance,
  declared: readonly { endpoint: Endpoint }[],
): void {
  const routed = new Set<Endpoint>();
  app.addHook('onRoute', (options) => {
    if (!/^\/api\/v1(\/|$)/.test(options.url)) return;
    if (options.config?.endpoint) {
      routed.add(options.config.endpoint);
      return;
    }
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      throw new Error(
        `${method} ${options.url} has no declaration: declare it in contract/endpoints/ and register it with route() (gateway/http/route.ts)`,
      );
    }
  });
  app.addHook('onReady', async () => {
    const missing = declared.filter(({ endpoint }) => !routed.has(endpoint));
    if (missing.length > 0) {
      const list = missing.map(({ endpoint: e }) => `${e.method} ${e.path}`).join(', ');
      throw new Error(`declared in contract/endpoints/ but given no route(): ${list}`);
    }
  });
}
