/**
 * Who may call a route, and whose records it answers with, declared on the route itself and
 * enforced here, in one place. Every /api/v1 route must declare both; the gateway refuses to
 * start with one that does not, and tests/gateway/access-matrix.test.ts calls every route as
 * anonymous, dana, eli, sam and ada and expects what the declaration says.
 *
 * A route declares both in its contract/endpoints/ declaration, and is registered against it
 * with route() (gateway/http/route.ts; docs/architecture.md "How to add an endpoint").
 *
 * access: 'anonymous' (no session needed), 'user' (any signed-in user; 401 without a session),
 * 'internal' (401, then 403 for external users), 'admin' (401, then 403 for non-administrators).
 * The check runs on onRequest, before the body is read or validated: 401/403 come before 400.
 *
 * scope: 'public' (the same answer for every caller: configuration, knowledge), 'caller' (only
 * the caller's own session or record), 'organisation' (dealers' records: an external user gets
 * only its own organisation's, another dealer's record answers 404 as if it did not exist;
 * internal users get every organisation's). Filter with organisationOf(request).
 *
 * Invalid input answers 400 with the zod issue's message (the contract's wording), prefixed
 * with the field ("q: Please enter a search term.") except for path parameters and issues
 * raised on the whole body, whose messages stand alone.
 */
import type {
  FastifyInstance,
  FastifySchema,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { Access, Endpoint, Scope } from '../../contract/endpoint';
import type { User } from '../../contract/user';
import type { Guards } from '../auth/guards';

export type { Access, Scope };
export const ACCESS_LEVELS: readonly Access[] = ['anonymous', 'user', 'internal', 'admin'];
export const SCOPES: readonly Scope[] = ['public', 'caller', 'organisation'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: see gateway/http/access.ts. Required on /api/v1 routes. */
    access?: Access;
    /** Whose records the route answers with: see gateway/http/access.ts. */
    scope?: Scope;
  }
}

/** One registered route and what it declared (undefined when it declared nothing). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  scope: Scope | undefined;
  /** The zod schemas it declared (params, querystring, body), for tests that generate input. */
  schema: FastifySchema | undefined;
  /** The contract/endpoints/ declaration it was registered against (gateway/http/route.ts). */
  endpoint: Endpoint | undefined;
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route registered on the app so far, with its declaration (for the access matrix). */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declared.get(app) ?? [];
}

/** Routes that must declare themselves: the API. The IdP and static pages are anonymous. */
const MUST_DECLARE = /^\/api\/v1(\/|$)/;

function guardOf(guards: Guards, access: Access): onRequestAsyncHookHandler | null {
  switch (access) {
    case 'anonymous':
      return null;
    case 'user':
      return guards.requireUser;
    case 'internal':
      return guards.requireInternal;
    case 'admin':
      return guards.requireAdmin;
  }
}

/**
 * Installs the declaration check and the guards on every route registered after this call.
 * Call it before registering any route plugin.
 */
export function installAccess(app: FastifyInstance, guards: Guards): void {
  const table: DeclaredRoute[] = [];
  declared.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as {
      access?: unknown;
      scope?: unknown;
      endpoint?: Endpoint;
    };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const where = `${methods.join(',')} ${route.url}`;
    const access = config.access as Access | undefined;
    const scope = config.scope as Scope | undefined;
    if (access !== undefined && !ACCESS_LEVELS.includes(access)) {
      throw new Error(`${where}: access must be one of ${ACCESS_LEVELS.join(', ')}`);
    }
    if (scope !== undefined && !SCOPES.includes(scope)) {
      throw new Error(`${where}: scope must be one of ${SCOPES.join(', ')}`);
    }
    if (MUST_DECLARE.test(route.url) && (!access || !scope)) {
      throw new Error(
        `${where} declares no access or scope: add config: { access, scope } (gateway/http/access.ts)`,
      );
    }
    if (access === 'anonymous' && scope === 'organisation') {
      throw new Error(`${where}: an anonymous caller has no organisation to scope records to`);
    }
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        access,
        scope,
        schema: route.schema,
        endpoint: config.endpoint,
      });
    }
    const guard = access ? guardOf(guards, access) : null;
    if (!guard) return;
    const existing = route.onRequest;
    route.onRequest = [
      guard,
      ...(existing ? (Array.isArray(existing) ? existing : [existing]) : []),
    ];
  });
}

/**
 * Which organisation's records the caller of an 'organisation'-scoped route may see:
 * 'every' for internal users, the account id of an external user, or 'none' for an external
 * user without an account (who sees nothing).
 */
export type OrganisationScope =
  { kind: 'every' } | { kind: 'one'; accountId: string } | { kind: 'none' };

export function organisationScopeOf(user: User): OrganisationScope {
  if (user.kind === 'internal') return { kind: 'every' };
  return user.accountId ? { kind: 'one', accountId: user.accountId } : { kind: 'none' };
}

/** The signed-in caller's organisation scope; only on routes whose access needs a session. */
export function organisationOf(request: FastifyRequest): OrganisationScope {
  if (!request.user) throw new Error('organisationOf needs a signed-in route');
  return organisationScopeOf(request.user);
}
