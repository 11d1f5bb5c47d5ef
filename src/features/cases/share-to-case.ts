import type { User } from '../../../contract';
import { db } from '../../db/db';
import type { SharedFile } from '../../domain/shared-files';
import type { PickedFile } from './attachment-picker';
import { preparePhoto } from './photo-worker';
import { freshWizardData, wizardDraftId, type WizardData } from './use-wizard-draft';

/** The create case wizard opened without a machine: step 0 finds it. */
export const NEW_CASE_PATH = '/support/machine/case/create';

/** Shared files as the picker holds them: photos converted and scaled down like picked ones. */
export function preparedShare(files: readonly SharedFile[]): Promise<PickedFile[]> {
  return Promise.all(
    files.map(async (f) => {
      const p = await preparePhoto(new File([f.blob], f.name, { type: f.type }));
      return { key: crypto.randomUUID(), name: p.name, type: p.type, blob: p.blob };
    }),
  );
}

/**
 * "Start a new case": the files join the attachments of the case wizard's draft without a
 * machine (a new draft, or the one left there): the wizard asks for the machine first, and
 * the files wait for the attachments step.
 */
export async function addToNewCaseDraft(user: User, files: readonly PickedFile[]): Promise<void> {
  const id = wizardDraftId('case', {});
  await db.transaction('rw', db.caseDrafts, async () => {
    const found = await db.caseDrafts.get([user.id, id]);
    // One being discarded (its undo still showing) is not built on: a new one starts.
    const draft = found && !found.discardingAt ? found : undefined;
    const state = (draft?.state ?? freshWizardData(user)) as WizardData;
    await db.caseDrafts.put({
      ownerUserId: user.id,
      id,
      flow: 'case',
      serial: '',
      model: '',
      pin: '',
      subject: draft?.subject ?? '',
      // At the machine step: a draft without its machine never goes on past it.
      state: { ...state, step: 0, files: [...(state.files ?? []), ...files] },
      updatedAt: Date.now(),
    });
  });
}
