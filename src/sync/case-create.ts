import { db, type TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import type { CaseCreatePayload, ContactCreatePayload } from './case-create-kinds';
import { signedInUserId } from './current-user';
import { NoSignedInUserError } from './dcu';
import { enqueueFeedPost, type UpdateFile } from './feed-post';
import { enqueue } from './outbox';
import { requestReplay } from './request-replay';

export interface CreateCaseInput {
  kind: 'Case' | 'Report';
  /** Built by domain/case-payload.ts; ContactId is replaced when a new contact goes first. */
  fields: Record<string, string | number | boolean>;
  newContact: Omit<ContactCreatePayload, 'type'> | null;
  files: readonly UpdateFile[];
  message: string;
  /** The draft this came from: it goes in the same transaction. */
  draftId?: string;
}

export interface QueuedCase {
  contact: OutboxRow | null;
  caseEntry: OutboxRow;
  files: OutboxRow[];
  feedItem: OutboxRow | null;
}

/** A case or report names the machine it is for: none is queued without one. */
export class NoMachineError extends Error {
  constructor() {
    super('A case or report needs its machine (serial and model).');
    this.name = 'NoMachineError';
  }
}

/**
 * Queues a new case as one chain (product §4 Wizard, Offline-first): new contact, case, files,
 * first feed item, each its own write with its own Idempotency-Key and each depending on the one
 * before, so the case reaches the gateway exactly once, online or not. The draft is removed in
 * the same transaction: nothing is lost and nothing is queued twice.
 */
export async function queueNewCase(
  input: CreateCaseInput,
  database: TorqueDb = db,
): Promise<QueuedCase> {
  if (!input.fields.Serial_Number__c || !input.fields.Model_Number__c) throw new NoMachineError();
  const ownerUserId = await signedInUserId(database);
  if (!ownerUserId) throw new NoSignedInUserError();
  const noun = input.kind === 'Report' ? 'report' : 'case';
  const subject = String(input.fields.Subject ?? '');

  const queued = await database.transaction(
    'rw',
    database.outbox,
    database.caseDrafts,
    async () => {
      let at = Date.now();
      let contact: OutboxRow | null = null;
      const fields = { ...input.fields };
      if (input.newContact) {
        const payload: ContactCreatePayload = { ...input.newContact, type: 'Dealer Contact' };
        contact = await enqueue(
          {
            kind: 'contact-create',
            payload,
            summary: `Create contact ${input.newContact.firstName} ${input.newContact.lastName}`,
            ownerUserId,
            createdAt: at++,
          },
          database,
        );
        // The replayer swaps the temporary id for the contact's server id.
        fields.ContactId = contact.id;
      }
      const casePayload: CaseCreatePayload = { fields, caseNumberHint: '', kind: input.kind };
      const caseEntry = await enqueue(
        {
          kind: 'case-create',
          payload: casePayload,
          summary: `Create ${noun} "${subject}"`,
          ownerUserId,
          dependsOn: contact ? [contact.id] : [],
          createdAt: at++,
        },
        database,
      );
      const post = await enqueueFeedPost(
        {
          caseId: caseEntry.id,
          text: input.message,
          files: input.files,
          ownerUserId,
          after: [caseEntry.id],
          summaries: {
            file: (name) => `Upload ${name} to the new ${noun}`,
            feedItem: `Post the first message of the new ${noun}`,
          },
          at,
        },
        database,
      );
      if (input.draftId) await database.caseDrafts.delete([ownerUserId, input.draftId]);
      return { contact, caseEntry, files: post.files, feedItem: post.feedItem };
    },
  );
  void requestReplay();
  return queued;
}
