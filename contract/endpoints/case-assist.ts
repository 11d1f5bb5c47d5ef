import { endpoint } from '../endpoint';
import {
  analyticsBatchResponseSchema,
  analyticsBatchSchema,
  caseAssistQuerySchema,
  caseAssistResponseSchema,
  deflectionQuerySchema,
  deflectionSummarySchema,
} from '../case-create';

/* product §4 Wizard step 2: articles for what the user typed, and what came of showing them. */

export const getCaseAssist = endpoint({
  method: 'GET',
  path: '/api/v1/case-assist',
  summary: 'Up to 6 articles for the subject, DTC and machine being written up',
  access: 'user',
  scope: 'public',
  query: caseAssistQuerySchema,
  responses: { 200: caseAssistResponseSchema },
});

/** Fire-and-forget: each event is stored once by its own id, so no key is needed. */
export const recordCaseAssistEvents = endpoint({
  method: 'POST',
  path: '/api/v1/case-assist/events',
  summary: 'Records a batch of case-assist events (each once, by its id)',
  access: 'user',
  scope: 'caller',
  body: analyticsBatchSchema,
  responses: { 202: analyticsBatchResponseSchema },
});

export const getDeflection = endpoint({
  method: 'GET',
  path: '/api/v1/admin/case-assist/deflection',
  summary: 'How often case assist answered without a case, by day (administrators)',
  access: 'admin',
  scope: 'public',
  query: deflectionQuerySchema,
  responses: { 200: deflectionSummarySchema },
});
