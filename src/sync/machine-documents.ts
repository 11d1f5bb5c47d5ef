import type { BulletinsResponse, ManualsResponse } from '../../contract/knowledge';
import { getBulletins, getManuals, type BulletinsMachine } from '../api/knowledge';
import { db } from '../db/db';
import type { KnowledgeResultsRow } from '../db/schema';
import { outcomeOf, type RefreshOutcome } from './outcome';

/*
 * The machine detail's documents (product §2 Bulletins and Manuals tabs): a model's manuals and a
 * campaign's bulletins, fetched from the gateway into db.knowledgeResults so the tabs render
 * from the device and open offline once seen (product §4 "Offline-first").
 */

/** The row key of a model's manuals (db/schema.ts KnowledgeResultsRow). */
export function manualsKey(model: string): string {
  return `manuals|${model}`;
}

/** The row key of a campaign's bulletins. */
export function bulletinsKey(campaign: string): string {
  return `bulletins|${campaign}`;
}

type Answer =
  | { kind: 'manuals'; response: ManualsResponse }
  | { kind: 'bulletins'; response: BulletinsResponse };

/** Replaces the stored answer; a row the user saved for offline stays saved. */
async function store(ownerUserId: string, key: string, answer: Answer): Promise<void> {
  await db.transaction('rw', db.knowledgeResults, async () => {
    const previous = await db.knowledgeResults.get([ownerUserId, key]);
    const row: KnowledgeResultsRow = { ownerUserId, key, syncedAt: Date.now(), ...answer };
    if (previous?.savedAt !== undefined) row.savedAt = previous.savedAt;
    await db.knowledgeResults.put(row);
  });
}

/** Fetches a model's manuals by section and stores them under `manuals|{model}`. */
export async function refreshManuals(
  ownerUserId: string,
  model: string,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  try {
    const response = await getManuals(model, signal);
    await store(ownerUserId, manualsKey(model), { kind: 'manuals', response });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Fetches the documents of one campaign and stores them under `bulletins|{campaign}`. */
export async function refreshBulletins(
  ownerUserId: string,
  campaign: string,
  machine: BulletinsMachine = {},
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  try {
    const response = await getBulletins(campaign, machine, signal);
    await store(ownerUserId, bulletinsKey(campaign), { kind: 'bulletins', response });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Manuals requests in flight at once while preparing for the field: a few, not a flood. */
const MANUALS_AT_ONCE = 3;

/**
 * "Prepare for the field", after the machines: the manuals of every model among them, so the
 * Manuals tab opens offline too. A model whose manuals fail is skipped (the machines are what
 * the pack is for); losing the connection or Cancel stops the rest. Never rejects; resolves
 * with how many models' manuals were stored.
 */
export async function prepareManuals(
  ownerUserId: string,
  models: Iterable<string>,
  signal?: AbortSignal,
  refresh: typeof refreshManuals = refreshManuals,
): Promise<number> {
  const queue = [...new Set(models)];
  let stored = 0;
  let offline = false;
  const worker = async () => {
    for (;;) {
      const model = queue.shift();
      if (model === undefined || offline || signal?.aborted) return;
      try {
        const outcome = await refresh(ownerUserId, model, signal);
        if (outcome.status === 'ok') stored++;
        if (outcome.status === 'offline') offline = true;
      } catch {
        return; // aborted
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MANUALS_AT_ONCE, queue.length) }, worker));
  return stored;
}
