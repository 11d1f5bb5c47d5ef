import type { FastifyInstance } from 'fastify';
import { createContact as createContactEndpoint } from '../../contract/endpoints/contacts';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { createContact } from '../services/contact-create';
import { idempotentWrite } from '../services/idempotency';

/** contract/endpoints/contacts.ts: applied once per Idempotency-Key (the outbox replays it). */
export async function contactRoutes(app: FastifyInstance, { db }: AppContext) {
  route(app, createContactEndpoint, async (request, reply) => {
    const current = request.user!;
    const input = request.body;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 201,
      body: await createContact(trx, current, input),
    }));
  });
}
