import type { FieldType, LayoutField, LayoutResponse } from '../../contract/cases';

/** A layout field as the gateway sends it, with the given changes. */
export function layoutField(
  apiName: string,
  type: FieldType,
  changes: Partial<LayoutField> = {},
): LayoutField {
  return {
    apiName,
    label: apiName,
    type,
    required: false,
    editableForNew: true,
    editableForUpdate: false,
    referenceTo: null,
    controllerName: null,
    maxLength: null,
    ...changes,
  };
}

export function layoutOf(fields: LayoutField[], kind: 'Case' | 'Report' = 'Case'): LayoutResponse {
  return {
    recordType: { id: kind === 'Case' ? 'rt-case' : 'rt-report', kind, name: kind },
    sections: [{ id: 's', heading: 'S', fields }],
    defaults: {},
  };
}
