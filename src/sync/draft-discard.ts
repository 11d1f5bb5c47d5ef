import { db } from '../db/db';

/*
 * Discarding a wizard draft with Undo: marked (hidden) for a few seconds first; Undo clears the
 * mark, otherwise `finishDraftDiscard` removes it.
 */

export async function holdDraftForDiscard(ownerUserId: string, id: string): Promise<void> {
  await db.caseDrafts.update([ownerUserId, id], { discardingAt: Date.now() });
}

export async function releaseDraftDiscard(ownerUserId: string, id: string): Promise<void> {
  await db.caseDrafts.update([ownerUserId, id], { discardingAt: undefined });
}

/** A draft saved again meanwhile (the wizard reopened it) lost its mark and stays. */
export async function finishDraftDiscard(ownerUserId: string, id: string): Promise<void> {
  await db.transaction('rw', db.caseDrafts, async () => {
    const draft = await db.caseDrafts.get([ownerUserId, id]);
    if (draft?.discardingAt) await db.caseDrafts.delete([ownerUserId, id]);
  });
}
