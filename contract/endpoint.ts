import type { $ZodType } from 'zod/v4/core';

/*
 * What an endpoint is, declared once (contract/endpoints/<resource>.ts) and read by the gateway
 * (which registers its handler against the declaration), the PWA (which builds its calls and its
 * outbox kinds from it) and the OpenAPI document. Types only and one small function: importing
 * a resource's declarations costs the first screen that resource's schemas and nothing else.
 */

/**
 * Who may call an endpoint: 'anonymous' (no session needed), 'user' (any signed-in user),
 * 'internal' (staff only) or 'admin' (administrators only). gateway/http/access.ts enforces it.
 */
export type Access = 'anonymous' | 'user' | 'internal' | 'admin';

/**
 * Whose records it answers with: 'public' (the same answer for every caller), 'caller' (only
 * the caller's own session or records), 'organisation' (an external user gets only its own
 * dealer's records; another dealer's record answers 404 as if it did not exist).
 */
export type Scope = 'public' | 'caller' | 'organisation';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: Method;
  /** Fastify's form: `/api/v1/predictions/:id`. */
  readonly path: `/api/v1/${string}`;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly access: Access;
  readonly scope: Scope;
  /** An object schema with one string field per `:name` of the path. */
  readonly params?: $ZodType;
  readonly query?: $ZodType;
  readonly body?: $ZodType;
  /**
   * A body that is a multipart/form-data upload rather than JSON: the name of the part holding
   * its one file. The handler reads the form itself (no `body` schema can describe bytes).
   */
  readonly upload?: { readonly part: string };
  /**
   * The answers a caller relies on, by status: the body's schema, or null for an answer
   * without one (204, 304). Errors are contract/errors.ts's apiErrorSchema for every endpoint.
   */
  readonly responses: { readonly [status: number]: $ZodType | null };
  /** The media type of a 200 that is not JSON (a stored file, an icon): its null answer. */
  readonly content?: string;
  /**
   * Applied once per Idempotency-Key: the write the outbox queues and replays (a repeated
   * request with the same key answers the first answer again).
   */
  readonly idempotent?: boolean;
  /**
   * The refusals only the handler knows of, by status, with when they come (a Report's layout
   * asked by an external user: 403). The rest are read from the declaration itself (access,
   * scope, inputs, idempotency, upload; gateway/http/openapi-errors.ts).
   */
  readonly errors?: { readonly [status: number]: string };
  /** False for an answer made without the database (the OpenAPI document): never a 503. */
  readonly database?: false;
}

/** An endpoint's method and path without its schemas (contract/first-screen-answers.ts). */
export interface EndpointPath {
  readonly method: Method;
  readonly path: string;
}

/** ...and a check of its answer made from the declared schema, to read it without zod. */
export interface CheckedEndpoint<T> extends EndpointPath {
  readonly check: (data: unknown) => data is T;
}

/** Declares an endpoint; the literal types of method, path and schemas are kept. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** The names of a path's `:name` segments. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of an endpoint's path parameters, as the PWA holds them. */
export type PathParams<E extends Endpoint> = { readonly [K in ParamNames<E['path']>]: string };

/** pathOf's second argument: required exactly when the path has parameters. */
export type PathArgs<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? []
  : [params: PathParams<E>];

/** The URL path of one call: each `:name` replaced by its value, encoded. */
export function pathOf<E extends Endpoint>(declaration: E, ...[params]: PathArgs<E>): string {
  const values = (params ?? {}) as Record<string, string>;
  return declaration.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/** The fixed start of an endpoint's path, up to its first parameter (the service worker's routes). */
export function pathPrefix(declaration: Endpoint): string {
  const at = declaration.path.indexOf(':');
  return at === -1 ? declaration.path : declaration.path.slice(0, at);
}
