import type { CreateCaseRequest, CreateContactRequest } from '../../contract/case-create';
import { createCase } from '../../contract/endpoints/cases';
import { createContact } from '../../contract/endpoints/contacts';
import { declaredWrite } from './declared-write';

/*
 * The first writes of a new case or report (product §4 Wizard, Cases): the new contact, then
 * the case naming it. Files and the first feed item follow as the update kinds, their caseId
 * the case entry's temporary id until the gateway has answered.
 */

export type ContactCreatePayload = CreateContactRequest;

/** The record's fields; ContactId may be the contact entry's temporary id. */
export interface CaseCreatePayload {
  fields: Record<string, string | number | boolean>;
  caseNumberHint: string;
  /** For the lists that show it before it is sent (absent on entries queued before it was). */
  kind?: 'Case' | 'Report';
}

export const caseCreateKinds = {
  'contact-create': declaredWrite(createContact, {
    body: (payload: ContactCreatePayload) => payload,
    serverId: (result) => result.id,
  }),
  'case-create': declaredWrite(createCase, {
    // Queued as the wizard validated it (RecordTypeId included); the gateway checks it again.
    body: (payload: CaseCreatePayload) => ({
      fields: payload.fields as CreateCaseRequest['fields'],
    }),
    serverId: (result) => result.id,
  }),
};
