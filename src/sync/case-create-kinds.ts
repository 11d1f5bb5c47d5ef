import {
  createCaseResponseSchema,
  createContactResponseSchema,
  type CreateContactRequest,
} from '../../contract/case-create';
import { wizardPaths } from '../api/wizard';
import type { WriteKind } from './write-kinds';

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
  'contact-create': {
    method: 'POST',
    path: () => wizardPaths.createContact(),
    body: (payload) => payload,
    serverId: (result) => createContactResponseSchema.safeParse(result).data?.id,
  },
  'case-create': {
    method: 'POST',
    path: () => wizardPaths.createCase(),
    body: (payload) => ({ fields: (payload as CaseCreatePayload).fields }),
    serverId: (result) => createCaseResponseSchema.safeParse(result).data?.id,
  },
} satisfies Record<string, WriteKind>;
