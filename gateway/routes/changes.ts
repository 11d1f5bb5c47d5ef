import type { FastifyInstance } from 'fastify';
import { getChanges } from '../../contract/endpoints/changes';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { changesSince } from '../services/changes';

/** contract/endpoints/changes.ts. Never cached: the answer is the state of the log now. */
export async function changeRoutes(app: FastifyInstance, { db }: AppContext) {
  route(app, getChanges, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return changesSince(db, request.user!, request.query.since);
  });
}
