import { db, ownerRange, type TorqueDb } from '../db/db';
import type { PredictionLinkPayload } from './prediction-write-kinds';

/*
 * A prediction's link to a case while the outbox still holds it (product §4 Offline-first: a
 * write shows at once, marked as waiting to send). Read by the detail, and by the refresh,
 * which must not put back the gateway's "no case" over a link it has not received yet.
 */

export interface UnsentLink {
  caseId: string;
  /** Refused by the gateway: it waits in Offline & sync's Needs attention. */
  refused: boolean;
}

/**
 * The newest link not sent yet of the prediction known by any of `ids` (its server id, or the
 * prediction-create entry's id it had while it waited), or null.
 */
export async function unsentLink(
  ownerUserId: string,
  ids: readonly string[],
  database: TorqueDb = db,
): Promise<UnsentLink | null> {
  const entries = await database.outbox
    .where('[ownerUserId+createdAt]')
    .between(...ownerRange(ownerUserId))
    .toArray();
  const known = new Set(ids);
  for (const e of entries) {
    if (e.kind === 'prediction-create' && e.serverId && known.has(e.serverId)) known.add(e.id);
  }
  let found: UnsentLink | null = null;
  for (const e of entries) {
    if (e.kind !== 'prediction-link' || e.status === 'done') continue;
    const payload = e.payload as PredictionLinkPayload;
    if (!known.has(payload.predictionId)) continue;
    found = { caseId: payload.caseId, refused: e.status === 'needs-attention' };
  }
  return found;
}
