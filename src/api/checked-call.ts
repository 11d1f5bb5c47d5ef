import type { CheckedEndpoint } from '../../contract/endpoint';
import { apiRequest, type RequestOptions } from './client';

/**
 * Calls an endpoint of the first screen, whose answer is checked by the check made from its
 * declaration (contract/first-screen-answers.ts) rather than by zod, which that screen does
 * not load. Errors as apiRequest.
 */
export function callChecked<T>(
  endpoint: CheckedEndpoint<T>,
  options: Omit<RequestOptions, 'method'> = {},
): Promise<T> {
  return apiRequest(endpoint.path, {
    ...options,
    method: endpoint.method,
    reader: (body) =>
      endpoint.check(body)
        ? { ok: true, value: body }
        : { ok: false, problem: `${endpoint.method} ${endpoint.path}: not the declared answer` },
  });
}
