import { vi } from 'vitest';
import { parse, type $ZodType, type input } from 'zod/v4/core';
import { apiErrorSchema, type ApiError } from '../../contract/errors';

/*
 * The gateway at the network edge for component tests: `fetch` is stubbed, the project's own
 * modules run for real. Every JSON answer is built through the endpoint's contract schema, so a
 * stub cannot answer what the gateway would not send.
 */

export interface StubRequest {
  method: string;
  /** The path without the query, e.g. '/api/v1/dealers'. */
  path: string;
  query: Record<string, string>;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  headers: Record<string, string>;
}

type Answer = (request: StubRequest) => Response | Promise<Response>;

interface Route {
  method: string;
  path: string | RegExp;
  answer: Answer;
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function abortable<T>(signal: AbortSignal | null | undefined, work: Promise<T>): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    work.then(resolve, reject);
  });
}

export interface GatewayStub {
  /** Every request the page made, in order. */
  requests: StubRequest[];
  /** Requests to one path (any method). */
  requestsTo(path: string): StubRequest[];
  /** Answers `method path` with `schema.parse(answer(request))` (status 200 unless given). */
  on<S extends $ZodType>(
    method: string,
    path: string | RegExp,
    schema: S,
    answer: (request: StubRequest) => input<S> | Promise<input<S>>,
    status?: number,
  ): GatewayStub;
  /** Answers `method path` with the gateway's error body (contract/errors.ts). */
  refuse(
    method: string,
    path: string | RegExp,
    error: Omit<ApiError, 'error'> & { error?: string },
  ): GatewayStub;
  /** A body that is not JSON (an icon, a file). */
  onRaw(method: string, path: string | RegExp, answer: Answer): GatewayStub;
}

/** Stubs `fetch` until `vi.unstubAllGlobals()`; an unknown path answers 404 like the gateway. */
export function stubGateway(): GatewayStub {
  const routes: Route[] = [];
  const requests: StubRequest[] = [];

  const fetchStub = vi.fn(async (resource: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(resource), 'http://localhost');
    const request: StubRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    requests.push(request);
    const route = [...routes]
      .reverse()
      .find(
        (r) =>
          r.method === request.method &&
          (typeof r.path === 'string' ? r.path === request.path : r.path.test(request.path)),
      );
    if (!route) {
      return jsonResponse(
        404,
        apiErrorSchema.parse({ statusCode: 404, error: 'Not Found', message: 'No such route' }),
      );
    }
    return abortable(init.signal, Promise.resolve(route.answer(request)));
  });
  vi.stubGlobal('fetch', fetchStub);

  const stub: GatewayStub = {
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    on(method, path, schema, answer, status = 200) {
      routes.push({
        method,
        path,
        answer: async (request) => jsonResponse(status, parse(schema, await answer(request))),
      });
      return stub;
    },
    refuse(method, path, error) {
      const body = apiErrorSchema.parse({ error: 'Error', ...error });
      routes.push({ method, path, answer: () => jsonResponse(body.statusCode, body) });
      return stub;
    },
    onRaw(method, path, answer) {
      routes.push({ method, path, answer });
      return stub;
    },
  };
  return stub;
}
