import { db, type TorqueDb } from '../db/db';
import { signedInUserId } from './current-user';

/*
 * "Post an update" text not saved yet, kept per user and case on the device (as the wizard
 * keeps its drafts), so leaving the case, a reload or an ended session loses nothing.
 * postCaseUpdate clears it in the transaction that queues the update.
 */

/** The signed-in user's unsaved text for a case ('' when there is none). */
export async function updateDraftOf(caseId: string, database: TorqueDb = db): Promise<string> {
  const userId = await signedInUserId(database);
  if (!userId) return '';
  return (await database.updateDrafts.get([userId, caseId]))?.text ?? '';
}

/** Keeps the text typed so far; an emptied box removes the draft. */
export async function keepUpdateDraft(
  caseId: string,
  text: string,
  database: TorqueDb = db,
): Promise<void> {
  const ownerUserId = await signedInUserId(database);
  if (!ownerUserId) return;
  if (text.trim() === '') await database.updateDrafts.delete([ownerUserId, caseId]);
  else await database.updateDrafts.put({ ownerUserId, caseId, text, updatedAt: Date.now() });
}
