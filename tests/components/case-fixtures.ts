import {
  createCaseResponseSchema,
  createContactResponseSchema,
  type CreateCaseResponse,
  type CreateContactResponse,
} from '../../contract/case-create';
import {
  caseDetailResponseSchema,
  caseFeedResponseSchema,
  caseListResponseSchema,
  closeCaseResponseSchema,
  layoutResponseSchema,
  postFeedItemResponseSchema,
  uploadedFileSchema,
  type CaseDetail,
  type CaseListRow,
  type FeedAttachment,
  type FeedItem,
} from '../../contract/cases';

/** Gateway answers for the case screens, each checked against its contract schema. */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function caseDetail(overrides: Partial<CaseDetail> = {}): CaseDetail {
  return caseDetailResponseSchema.parse({
    case: {
      id: 'case-1',
      caseNumber: '00012345',
      recordType: 'Case',
      recordTypeId: 'rt-case',
      subject: 'Hydraulic pump whines under load',
      status: 'Awaiting Feedback',
      description: 'Whine at 1,800 rpm',
      serialNumber: '52016',
      modelNumber: 'M7-172',
      pin: 'KBCM7172VNP052016',
      accountId: 'a-1',
      accountName: 'Northfield Equipment',
      contactId: 'c-1',
      contactName: 'Dana Tech',
      contactEmail: 'dana.tech@northfield.example',
      submitterName: 'Dana Tech',
      submitterEmail: 'dana.tech@northfield.example',
      ownerName: 'TSC Queue',
      inventory: {
        inventoryId: 'inv-1',
        description: 'M7-172 tractor',
        ownerName: 'Walter Hanson',
        city: 'Northfield',
        state: 'MN',
        servicingDealerName: 'Northfield Equipment',
      },
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-02T10:00:00Z',
      isClosed: false,
      fields: { Terrain__c: 'Hilly', Ambient_Remarks__c: null, DTC_Error_Codes__c: 'SPN 3251' },
      ...overrides,
    },
  }).case;
}

export function attachment(id: string, kind: 'image' | 'pdf'): FeedAttachment {
  const image = kind === 'image';
  return {
    id,
    name: image ? `${id}.jpg` : `${id}.pdf`,
    contentType: image ? 'image/jpeg' : 'application/pdf',
    fileExtension: image ? 'jpg' : 'pdf',
    size: image ? 120_000 : 2_400_000,
    date: '2026-11-01T10:00:00Z',
    isImage: image,
    icon: image ? 'image' : 'pdf',
    url: `/api/v1/files/${id}`,
    thumbnailUrl: image ? `/api/v1/files/${id}/thumbnail` : null,
    width: image ? 1600 : null,
    height: image ? 1200 : null,
  };
}

export function feedItem(id: string, body: string, attachments: FeedAttachment[] = []): FeedItem {
  return {
    id,
    caseId: 'case-1',
    body,
    channel: 'Web',
    type: 'Customer',
    title: 'Service Web',
    name: attachments[0]?.id ?? 'Text Update',
    createdAt: '2026-11-01T11:00:00Z',
    authorName: 'TSC Agent',
    attachments,
  };
}

export const feed = (items: FeedItem[]) => caseFeedResponseSchema.parse({ items });

export const layout = () =>
  layoutResponseSchema.parse({
    recordType: { id: 'rt-case', kind: 'Case', name: 'Case' },
    sections: [
      {
        id: 's1',
        heading: 'Operating Conditions',
        fields: [
          {
            apiName: 'Terrain__c',
            label: 'Terrain',
            type: 'Picklist',
            required: false,
            editableForNew: true,
            editableForUpdate: false,
            referenceTo: null,
            controllerName: null,
            maxLength: null,
          },
          {
            apiName: 'Ambient_Remarks__c',
            label: 'Ambient Remarks',
            type: 'TextArea',
            required: false,
            editableForNew: true,
            editableForUpdate: false,
            referenceTo: null,
            controllerName: null,
            maxLength: 255,
          },
        ],
      },
    ],
    defaults: {},
  });

export const uploaded = (id: string, name: string) =>
  uploadedFileSchema.parse({ ...attachment(id, 'image'), name, caseId: 'case-1' });

export const posted = (item: FeedItem, status = 'Updated') =>
  postFeedItemResponseSchema.parse({ item, status });

export const closed = () =>
  closeCaseResponseSchema.parse({
    id: 'case-1',
    status: 'Resolved',
    updatedAt: '2026-11-03T10:00:00Z',
  });

export function listRow(i: number, overrides: Partial<CaseListRow> = {}): CaseListRow {
  return {
    id: `case-${i}`,
    caseNumber: String(12000 + i).padStart(8, '0'),
    status: ['Created', 'Updated', 'Awaiting Feedback', 'Resolved', 'Forced Closed'][i % 5]!,
    subject: `Case subject ${i}`,
    recordType: 'Case',
    serialNumber: String(50000 + i),
    modelNumber: ['M7-172', 'L3560', 'SVL97-2'][i % 3]!,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    lastActivityAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export const listPage = (cases: CaseListRow[], next: string | null = null, total = cases.length) =>
  caseListResponseSchema.parse({ cases, next, total });

/** The contact the gateway made for a wizard's new contact, Ann Lee of account acc-1. */
export function createdContact(email = 'ann@dealer.example'): CreateContactResponse {
  return createContactResponseSchema.parse({
    id: 'con-9',
    accountId: 'acc-1',
    name: 'Ann Lee',
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    phone: '5551234567',
    type: 'Dealer Contact',
  });
}

/** The report the gateway made at the end of a wizard's chain. */
export function createdReport(): CreateCaseResponse {
  return createCaseResponseSchema.parse({
    id: 'case-77',
    caseNumber: '00001077',
    recordType: 'Report',
    recordTypeId: 'rt-report',
    status: 'Created',
    createdAt: '2026-11-23T12:00:00Z',
  });
}
