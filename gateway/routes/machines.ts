import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  customerSearchQuerySchema,
  customerSearchResponseSchema,
  fieldPackQuerySchema,
  fieldPackResponseSchema,
  machineLookupQuerySchema,
  machineLookupResponseSchema,
  machineRecordsQuerySchema,
  machineRecordsResponseSchema,
  modelTypeaheadQuerySchema,
  modelTypeaheadResponseSchema,
} from '../../contract/machines';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { searchByCustomer } from '../services/customer-search';
import { fieldPack } from '../services/field-pack';
import { machineIcon } from '../services/machine-icons';
import { lookupMachine, modelTypeahead } from '../services/machine-lookup';
import { machineRecords } from '../services/machine-records';

const ICON_CACHE = 'public, max-age=604800';

/** True when a text holds a control character (NUL included: PostgreSQL text cannot store it). */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * No field of these lookups has control characters; a NUL would otherwise reach the database
 * and fail there (a 500). Runs after the session check, so 401 still comes first.
 */
async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  const fields = [
    ...Object.values((request.query ?? {}) as Record<string, unknown>),
    ...Object.values((request.params ?? {}) as Record<string, unknown>),
  ];
  for (const v of fields.flat()) {
    if (typeof v === 'string' && hasControl(v)) {
      throw new HttpError(400, 'Control characters are not allowed in a search');
    }
  }
}
const iconParamsSchema = z.object({ file: z.string().max(80) });

/**
 * SPEC §2/§7 machine search, detail, list and "Prepare for the field". Every answer is parsed
 * with its contract schema, so the PWA gets exactly the agreed shape. Reports are for
 * internal users only (SPEC §6); cases are filtered to the dealer's own organisation.
 */
export async function machineRoutes(app: FastifyInstance, { db, guards }: AppContext) {
  const user = { preHandler: [guards.requireUser, refuseControlCharacters] };

  app.get('/api/v1/machines/lookup', user, async (request) => {
    const query = machineLookupQuerySchema.parse(request.query ?? {});
    return machineLookupResponseSchema.parse({ machine: await lookupMachine(db, query) });
  });

  app.get('/api/v1/machines/models', user, async (request) => {
    const query = modelTypeaheadQuerySchema.parse(request.query ?? {});
    return modelTypeaheadResponseSchema.parse(await modelTypeahead(db, query));
  });

  app.get('/api/v1/machines/customers', user, async (request) => {
    const query = customerSearchQuerySchema.parse(request.query ?? {});
    return customerSearchResponseSchema.parse(await searchByCustomer(db, query));
  });

  app.get('/api/v1/machines/cases', user, async (request) => {
    const query = machineRecordsQuerySchema.parse(request.query ?? {});
    const records = await machineRecords(db, request.user!, 'Case', query);
    return machineRecordsResponseSchema.parse({ records });
  });

  app.get(
    '/api/v1/machines/reports',
    { preHandler: [guards.requireInternal, refuseControlCharacters] },
    async (request) => {
      const query = machineRecordsQuerySchema.parse(request.query ?? {});
      const records = await machineRecords(db, request.user!, 'Report', query);
      return machineRecordsResponseSchema.parse({ records });
    },
  );

  app.get('/api/v1/machines/field-pack', user, async (request) => {
    const query = fieldPackQuerySchema.parse(request.query ?? {});
    return fieldPackResponseSchema.parse(await fieldPack(db, request.user!, query));
  });

  // The icons never change for a given name and bytes: a week in any cache, then a 304.
  app.get('/api/v1/machine-icons/:file', user, async (request, reply) => {
    const { file } = iconParamsSchema.parse(request.params);
    const icon = machineIcon(file);
    if (!icon) throw new HttpError(404, 'No such machine icon');
    reply
      .header('cache-control', ICON_CACHE)
      .header('etag', icon.etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === icon.etag)) {
      return reply.code(304).send();
    }
    return reply.type('image/svg+xml; charset=utf-8').send(icon.svg);
  });
}
