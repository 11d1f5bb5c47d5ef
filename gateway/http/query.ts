import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** A repeated query parameter arrives as an array: refused rather than guessed. */
export async function refuseBadQuery(request: FastifyRequest): Promise<void> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const v of Object.values(query)) {
    if (Array.isArray(v)) throw new HttpError(400, 'A query parameter was given more than once');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (typeof v === 'string' && /[\u0000-\u001f\u007f]/.test(v)) {
      throw new HttpError(400, 'Control characters are not allowed in a query');
    }
  }
}
