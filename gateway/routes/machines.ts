import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as machines from '../../contract/endpoints/machines';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
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
/**
 * contract/endpoints/machines.ts. Every answer is serialised from its declared schema, so the
 * PWA gets exactly the agreed shape.
 */
export async function machineRoutes(app: FastifyInstance, { db }: AppContext) {
  const refuse = { preValidation: refuseControlCharacters };
  const expensive = { ...refuse, config: EXPENSIVE };

  route(
    app,
    machines.lookupMachine,
    async (request) => ({ machine: await lookupMachine(db, request.query) }),
    refuse,
  );

  route(
    app,
    machines.searchModels,
    async (request) => modelTypeahead(db, request.query),
    expensive,
  );

  route(
    app,
    machines.searchCustomers,
    async (request) => searchByCustomer(db, request.query),
    expensive,
  );

  route(
    app,
    machines.machineCases,
    async (request) => ({
      records: await machineRecords(db, request.user!, 'Case', request.query),
    }),
    refuse,
  );

  route(
    app,
    machines.machineReports,
    async (request) => ({
      records: await machineRecords(db, request.user!, 'Report', request.query),
    }),
    refuse,
  );

  route(
    app,
    machines.fieldPackPage,
    async (request) => fieldPack(db, request.user!, request.query),
    refuse,
  );

  // The icons never change for a given name and bytes: a week in any cache, then a 304 (the
  // ETag is the bytes' hash, from @fastify/etag).
  route(
    app,
    machines.machineIcon,
    async (request, reply) => {
      const icon = machineIcon(request.params.file);
      if (!icon) throw new HttpError(404, 'No such machine icon');
      reply
        .header('cache-control', ICON_CACHE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type('image/svg+xml; charset=utf-8').send(icon.svg);
    },
    refuse,
  );
}
