import type { FastifyInstance } from 'fastify';
import * as dcu from '../../contract/endpoints/dcu';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { dcuStatus, pairDcu, pairingHistory } from '../services/dcu';
import { idempotentWrite } from '../services/idempotency';
import { lookUpMasterKey } from '../services/master-key';

/** contract/endpoints/dcu.ts: DCU pairing and Keyless Master Password. */
export async function dcuRoutes(app: FastifyInstance, { db, config }: AppContext) {
  route(app, dcu.getDcuStatus, async (request) => dcuStatus(db, request.params.imei));

  route(app, dcu.getDcuPairings, async (request) => ({
    pairings: await pairingHistory(db, request.user!, request.params.imei),
  }));

  // Queued by the outbox: applied once per Idempotency-Key, refusals replayed as stored.
  route(app, dcu.pairDcu, async (request, reply) => {
    const user = request.user!;
    const input = request.body;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 201,
      body: await pairDcu(trx, user, input),
    }));
  });

  route(app, dcu.requestMasterKey, async (request) =>
    lookUpMasterKey(db, config, request.user!, request.body),
  );
}
