import type { FastifyInstance } from 'fastify';
import * as caseAssist from '../../contract/endpoints/case-assist';
import type { AppContext } from '../context';
import { EXPENSIVE } from '../http/fair-use';
import { refuseBadQuery } from '../http/query';
import { route } from '../http/route';
import { caseAssist as articlesFor } from '../services/case-assist';
import { deflectionSummary, recordEvents } from '../services/case-assist-events';

/** contract/endpoints/case-assist.ts: the wizard's article suggestions and their analytics. */
export async function caseAssistRoutes(app: FastifyInstance, { db }: AppContext) {
  const refuse = { preValidation: refuseBadQuery };

  route(app, caseAssist.getCaseAssist, async (request) => articlesFor(db, request.query), {
    ...refuse,
    config: EXPENSIVE,
  });

  route(app, caseAssist.recordCaseAssistEvents, async (request, reply) =>
    reply.code(202).send(await recordEvents(db, request.user!, request.body)),
  );

  route(
    app,
    caseAssist.getDeflection,
    async (request) => deflectionSummary(db, request.query),
    refuse,
  );
}
