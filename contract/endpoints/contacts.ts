import { createContactRequestSchema, createContactResponseSchema } from '../case-create';
import { endpoint } from '../endpoint';

/** product §4 Wizard: a new contact for the case (an outbox write). */
export const createContact = endpoint({
  method: 'POST',
  path: '/api/v1/contacts',
  summary: "Creates a contact in the caller's organisation",
  access: 'user',
  scope: 'organisation',
  body: createContactRequestSchema,
  responses: { 201: createContactResponseSchema },
  idempotent: true,
});
