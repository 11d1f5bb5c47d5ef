import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { EXPENSIVE } from '../http/fair-use';

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
 * and fail there (a 500). Runs after the session check (401 first) and before the schemas.
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
 * product §2/§7 machine search, detail, list and "Prepare for the field". Every answer is parsed
 * with its contract schema, so the PWA gets exactly the agreed shape. Reports are for
 * internal users only (product §6); cases are filtered to the dealer's own organisation.
 */
export async function machineRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: 'user', scope: 'public' } as const;
  const dealers = { access: 'user', scope: 'organisation' } as const;
  const refuse = { preValidation: refuseControlCharacters };

  api.get(
    '/api/v1/machines/lookup',
    { config: user, ...refuse, schema: { querystring: machineLookupQuerySchema } },
    async (request) =>
      machineLookupResponseSchema.parse({ machine: await lookupMachine(db, request.query) }),
  );

  api.get(
    '/api/v1/machines/models',
    {
      config: { ...user, ...EXPENSIVE },
      ...refuse,
      schema: { querystring: modelTypeaheadQuerySchema },
    },
    async (request) => modelTypeaheadResponseSchema.parse(await modelTypeahead(db, request.query)),
  );

  api.get(
    '/api/v1/machines/customers',
    {
      config: { ...user, ...EXPENSIVE },
      ...refuse,
      schema: { querystring: customerSearchQuerySchema },
    },
    async (request) =>
      customerSearchResponseSchema.parse(await searchByCustomer(db, request.query)),
  );

  api.get(
    '/api/v1/machines/cases',
    { config: dealers, ...refuse, schema: { querystring: machineRecordsQuerySchema } },
    async (request) => {
      const records = await machineRecords(db, request.user!, 'Case', request.query);
      return machineRecordsResponseSchema.parse({ records });
    },
  );

  api.get(
    '/api/v1/machines/reports',
    {
      config: { access: 'internal', scope: 'organisation' },
      ...refuse,
      schema: { querystring: machineRecordsQuerySchema },
    },
    async (request) => {
      const records = await machineRecords(db, request.user!, 'Report', request.query);
      return machineRecordsResponseSchema.parse({ records });
    },
  );

  api.get(
    '/api/v1/machines/field-pack',
    { config: dealers, ...refuse, schema: { querystring: fieldPackQuerySchema } },
    async (request) =>
      fieldPackResponseSchema.parse(await fieldPack(db, request.user!, request.query)),
  );

  // The icons never change for a given name and bytes: a week in any cache, then a 304 (the
  // ETag is the bytes' hash, from @fastify/etag).
  api.get(
    '/api/v1/machine-icons/:file',
    { config: user, ...refuse, schema: { params: iconParamsSchema } },
    async (request, reply) => {
      const icon = machineIcon(request.params.file);
      if (!icon) throw new HttpError(404, 'No such machine icon');
      reply
        .header('cache-control', ICON_CACHE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type('image/svg+xml; charset=utf-8').send(icon.svg);
    },
  );
}
