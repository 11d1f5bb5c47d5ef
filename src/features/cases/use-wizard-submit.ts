import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { createCaseResponseSchema, type CreateCaseResponse } from '../../../contract/case-create';
import type { RecordKind } from '../../../contract/cases';
import { db } from '../../db/db';
import type { OutboxRow } from '../../db/schema';
import { buildCaseFields } from '../../domain/case-payload';
import { layoutFields, type FormValues } from '../../domain/dynamic-form';
import { queueNewCase } from '../../sync/case-create';
import type { CaseDefinition } from '../../sync/wizard-lookups';
import type { WizardData } from './use-wizard-draft';

export interface WizardSubmission {
  /** The queued case's outbox entry, once queued. */
  queuedId: string | null;
  status: OutboxRow['status'] | undefined;
  /** The gateway's answer once the case is made. */
  created: CreateCaseResponse | undefined;
  /** The new contact the case waits for was refused. */
  contactRefused: boolean;
}

export interface SubmitInput {
  kind: RecordKind;
  def: CaseDefinition;
  productName: string;
  machine: {
    serial: string;
    model: string;
    pin: string;
    inventoryId: string | null;
    imei: string | null;
  };
  data: WizardData;
  form: FormValues;
  draftId: string;
}

/**
 * Submitting (product §4 Wizard): the whole record is queued in the outbox as one chain, online
 * or not (sync/case-create.ts), the draft going with it; then how the queued case fares.
 * `submit` answers the queued case's outbox id, and throws when it could not be queued.
 */
export function useWizardSubmit() {
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const queued = useLiveQuery(
    async () => (queuedId ? await db.outbox.get(queuedId) : undefined),
    [queuedId],
  );
  const contactRefused = useLiveQuery(
    async () =>
      queued?.dependsOn[0]
        ? (await db.outbox.get(queued.dependsOn[0]))?.status === 'needs-attention'
        : false,
    [queued?.dependsOn[0]],
  );
  const submission: WizardSubmission = {
    queuedId,
    status: queued?.status,
    created:
      queued?.status === 'done'
        ? createCaseResponseSchema.safeParse(queued.result).data
        : undefined,
    contactRefused: !!contactRefused,
  };

  const submit = async (input: SubmitInput): Promise<string> => {
    const { def, data } = input;
    const fields = buildCaseFields({
      kind: input.kind,
      productName: input.productName,
      recordTypeId: def.layout.recordType.id,
      machine: input.machine,
      subject: data.subject,
      dtc: data.dtc,
      failure: data.failure,
      accountId: data.parties.accountId,
      contactId: data.parties.newContact ? null : data.parties.contactId,
      form: input.form,
      fields: layoutFields(def.layout),
      defaults: def.layout.defaults,
    });
    const nc = data.parties.newContact;
    const q = await queueNewCase({
      kind: input.kind,
      fields,
      newContact:
        nc && data.parties.accountId ? { ...nc, accountId: data.parties.accountId } : null,
      files: data.files,
      message: data.message,
      draftId: input.draftId,
    });
    setQueuedId(q.caseEntry.id);
    return q.caseEntry.id;
  };

  return { submission, submit };
}
