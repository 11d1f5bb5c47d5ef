import { changesQuerySchema, changesResponseSchema } from '../changes';
import { endpoint } from '../endpoint';

/* docs/architecture.md "Changes since a cursor": after a first priming, a device asks what changed. */

export const getChanges = endpoint({
  method: 'GET',
  path: '/api/v1/changes',
  summary: 'What changed since a cursor: records to read again and tombstones, per area',
  access: 'user',
  scope: 'organisation',
  query: changesQuerySchema,
  responses: { 200: changesResponseSchema },
});
