import { vi } from 'vitest';
import {
  caseAssistResponseSchema,
  createCaseResponseSchema,
  dtcCodesResponseSchema,
  partsCatalogueResponseSchema,
  type Assembly,
  type DtcCode,
} from '../../contract/case-create';
import {
  caseListResponseSchema,
  layoutResponseSchema,
  picklistsResponseSchema,
  recordTypesResponseSchema,
  type LayoutField,
  type Picklist,
} from '../../contract/cases';
import { layoutField } from '../domain/wizard-fields';
import { stubGateway, type GatewayStub } from './gateway-stub';

/** The gateway's answers to the create case wizard, each through its contract schema. */

export const CREATED_CASE = {
  id: 'case-77',
  caseNumber: '00007707',
  recordType: 'Case',
  recordTypeId: 'rt-case',
  status: 'Created',
  createdAt: '2026-11-23T12:00:00Z',
} as const;

export interface WizardAnswers {
  machineFields?: LayoutField[];
  picklists?: Record<string, Picklist>;
  dtcCodes?: DtcCode[];
  assemblies?: Assembly[];
}

export function answerTheWizard(stub: GatewayStub, answers: WizardAnswers = {}): GatewayStub {
  return stub
    .on('GET', '/api/v1/cases/record-types', recordTypesResponseSchema, () => ({
      recordTypes: [{ id: 'rt-case', kind: 'Case' as const, name: 'Case' }],
    }))
    .on('GET', /^\/api\/v1\/case-layouts\//, layoutResponseSchema, () => ({
      recordType: { id: 'rt-case', kind: 'Case' as const, name: 'Case' },
      sections: [
        {
          id: 'machine',
          heading: 'Machine Information',
          fields: answers.machineFields ?? [
            layoutField('Implement_Name__c', 'String', { label: 'Implement Name' }),
          ],
        },
        {
          id: 'issue',
          heading: 'Issue Information',
          fields: [layoutField('Description', 'TextArea', { label: 'Description' })],
        },
      ],
      defaults: {},
    }))
    .on('GET', /^\/api\/v1\/case-picklists\//, picklistsResponseSchema, () => ({
      recordTypeId: 'rt-case',
      picklists: answers.picklists ?? {},
    }))
    .on('GET', '/api/v1/machines/dtc-codes', dtcCodesResponseSchema, () => ({
      modelNumber: 'M7-172',
      codes: answers.dtcCodes ?? [],
    }))
    .on('GET', '/api/v1/case-assist', caseAssistResponseSchema, () => ({ results: [] }))
    .on('GET', '/api/v1/parts-catalogue', partsCatalogueResponseSchema, () => ({
      modelNumber: 'M7-172',
      bookIds: ['100123'],
      assemblies: answers.assemblies ?? [],
    }))
    .on('GET', '/api/v1/cases', caseListResponseSchema, () => ({ cases: [], next: null, total: 0 }))
    .on('POST', '/api/v1/cases', createCaseResponseSchema, () => CREATED_CASE, 201);
}

/**
 * The stubbed gateway behind a switchable connection: with `connection.online` false every
 * request fails before it reaches the gateway, as fetch does without signal.
 */
export function gatewayBehindConnection(answers?: WizardAnswers) {
  const connection = { online: true };
  Object.defineProperty(window.navigator, 'onLine', {
    configurable: true,
    get: () => connection.online,
  });
  const gateway = answerTheWizard(stubGateway(), answers);
  const reach = globalThis.fetch;
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
    connection.online ? reach(...args) : Promise.reject(new TypeError('Failed to fetch')),
  );
  return { gateway, connection };
}
