import { ActionIcon, Group, Select, TextInput } from '@mantine/core';
import {
  FILTER_FIELDS,
  FILTER_OPERATORS,
  PLATFORMS,
  type FilterField,
} from '../../../contract/notifications';
import { TrashIcon } from '../../components/icons';

export interface FilterRow {
  key: number;
  field: FilterField | null;
  operator: string | null;
  value: string;
}

/** The filter fields as people read them; the request sends the CRM's API names. */
export const FILTER_FIELD_LABELS: Record<FilterField, string> = {
  Platform: 'Platform',
  Division__c: 'Division',
  AccountNumber: 'Account Number',
  Contract_Series__c: 'Contract Series',
};

/**
 * One filter of the notification form: field, operator, value, remove. Its pickers keep their
 * choice when the chosen option is tapped again: a required choice that a second tap cleared
 * (Mantine's allowDeselect) turned a complete filter incomplete without the user seeing why.
 */
export function FilterRowFields({
  row,
  index,
  used,
  onChange,
  onRemove,
}: {
  row: FilterRow;
  index: number;
  /** Fields other filters have picked: each field once. */
  used: ReadonlySet<FilterField | null>;
  onChange: (patch: Partial<FilterRow>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <Group align="flex-end" wrap="nowrap" gap="xs">
      <Select
        label="Field"
        aria-label={`Filter ${n} field`}
        allowDeselect={false}
        data={FILTER_FIELDS.filter((f) => f === row.field || !used.has(f)).map((f) => ({
          value: f,
          label: FILTER_FIELD_LABELS[f],
        }))}
        value={row.field}
        onChange={(v) =>
          onChange({
            field: v as FilterField | null,
            operator: v ? FILTER_OPERATORS[v as FilterField][0] : null,
            value: '',
          })
        }
      />
      <Select
        label="Operator"
        aria-label={`Filter ${n} operator`}
        allowDeselect={false}
        data={row.field ? [...FILTER_OPERATORS[row.field]] : []}
        value={row.operator}
        onChange={(v) => onChange({ operator: v })}
      />
      {row.field === 'Platform' ? (
        <Select
          label="Value"
          aria-label={`Filter ${n} value`}
          allowDeselect={false}
          data={[...PLATFORMS]}
          value={row.value || null}
          onChange={(v) => onChange({ value: v ?? '' })}
        />
      ) : (
        <TextInput
          label="Value"
          aria-label={`Filter ${n} value`}
          value={row.value}
          onChange={(e) => onChange({ value: e.currentTarget.value })}
        />
      )}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Remove filter ${n}`}
        onClick={onRemove}
      >
        <TrashIcon size={18} />
      </ActionIcon>
    </Group>
  );
}
